import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, expect, it } from "vitest";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { readConfig } from "#app/lib/env.server.ts";
import { draftStamp } from "#app/quotation/quotation.server.ts";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { action, loader } from "#app/routes/desk/quotation.tsx";
import type { EditorReply } from "#app/routes/desk/quotation-action.server.ts";
import { attachments, quotations, quoteMessages, quotes, staffUser } from "#db/schema.ts";
import type { Services } from "#server/services.server.ts";
import { xlsx } from "#test/office-files.ts";
import { describeDatabase } from "#test/pg.ts";
import { sampleQuote, storeMeta } from "#test/quotes.ts";

const config = readConfig({ SITE_URL: "https://desk.example" });
const sheet = xlsx([
  ["Part number", "Qty", "Brand"],
  ["6310 C3", 2, "FAG"],
  ["M10x30 bolt", 100],
]);
const alex = { id: "alex", name: "Alex Turner", email: "alex@wrekin-mro.example" };

type Line = { part: string; description?: string; quantity: string; unitPrice: string };

describeDatabase("the quotation editor's action", (target) => {
  const db = () => target.database.db;
  let reference = "";

  beforeEach(async () => {
    await db().execute(sql`truncate quotes, outbox, staff_user restart identity cascade`);
    await db()
      .insert(staffUser)
      .values({ ...alex, role: "staff" as const });
    ({ reference } = await storeQuote(db(), sampleQuote, storeMeta(), {
      lines: [{ part: "6205-2RS SKF x10", quantity: 1 }],
    }));
  });

  const quote = async () => {
    const [row] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!row) throw new Error("not stored");
    return row;
  };

  const context = () => {
    const provider = new RouterContextProvider();
    provider.set(servicesContext, {
      config,
      database: target.database,
      outbox: { kick() {} },
      // The bytes of the one spreadsheet the tests store, under the key they give it.
      storage: { get: async (key: string) => (key === "sheet.xlsx" ? Readable.from([sheet]) : undefined) },
    } as unknown as Services);
    provider.set(staffContext, { ...alex, role: "staff", sessionToken: "t" } as never);
    return provider;
  };

  /** Posts the editor's form as the page would, with these lines and the button pressed. */
  async function post(lines: Line[], intent: string, extra: Record<string, string> = {}) {
    const fields: Record<string, string> = {
      intent,
      version: String((await quote()).version),
      draftStamp: await draftStamp(db(), (await quote()).id),
      lineCount: String(lines.length),
      delivery: "0",
      validUntil: "2099-12-31",
      vatRate: "20",
      paymentTerms: "30 days",
      deliveryTerms: "Free delivery",
      subject: "Quotation {revision}",
      message: "Attached.",
      ...extra,
    };
    lines.forEach((line, i) => {
      for (const [key, value] of Object.entries(line)) fields[`lines[${i}].${key}`] = value;
    });
    const result: unknown = await action({
      request: new Request(`https://desk.example/desk/quotes/${reference}/quotation`, {
        method: "POST",
        body: new URLSearchParams(fields),
      }),
      params: { reference },
      context: context(),
    } as never);
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location") };
    if (result && typeof result === "object" && "init" in result && "data" in result)
      return { status: (result.init as ResponseInit | null)?.status ?? 200, reply: result.data as EditorReply };
    return { status: 200, reply: result as EditorReply };
  }
  const revisions = async () =>
    (
      await db()
        .select()
        .from(quotations)
        .where(eq(quotations.quoteId, (await quote()).id))
    )
      .map((row) => row.revision)
      .filter((revision) => revision !== null);

  it("adds the lines of a spreadsheet the buyer sent after the rep's, and offers only this request's spreadsheets", async () => {
    const [file] = await db()
      .insert(attachments)
      .values({
        quoteId: (await quote()).id,
        storageKey: "sheet.xlsx",
        fileName: "spares.xlsx",
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        size: sheet.length,
      })
      .returning();
    const page = async () =>
      (await loader({ params: { reference }, context: context() } as never)) as Awaited<ReturnType<typeof loader>>;
    expect((await page()).spreadsheets).toEqual([{ id: file?.id, fileName: "spares.xlsx" }]);
    const filled = await post([{ part: "6205-2RS", quantity: "10", unitPrice: "6.45" }], `fill:${file?.id}`);
    expect(filled.reply).toMatchObject({
      ok: true,
      at: "lines",
      message: "2 lines added from spares.xlsx: check them before you price them.",
    });
    expect(
      (await page()).draft.lines.map(({ part, brand, quantity, unitPrice }) => [part, brand, quantity, unitPrice]),
    ).toEqual([
      ["6205-2RS", "", "10", "6.45"],
      ["6310 C3", "FAG", "2", ""],
      ["M10x30", "", "100", ""],
    ]);
    // Another request's file, or none, is refused in words and changes nothing.
    const refused = await post(
      [{ part: "6205-2RS", quantity: "10", unitPrice: "6.45" }],
      `fill:${(file?.id ?? 0) + 1}`,
    );
    expect(refused).toMatchObject({
      status: 422,
      // What the rep typed comes back with the refusal, as nothing was saved.
      reply: {
        ok: false,
        message: "That file is not a spreadsheet sent with this request.",
        draft: { lines: [{ part: "6205-2RS", unitPrice: "6.45" }] },
      },
    });
    expect((await page()).draft.lines).toHaveLength(3);
  });

  it('names "9,60" and "9.6.0" on their boxes when saving and sending, and never prices them at £960', async () => {
    const lines = [
      { part: "6205-2RS", quantity: "10", unitPrice: "9,60" },
      { part: "UCP206", quantity: "1", unitPrice: "9.6.0" },
    ];
    const saved = await post(lines, "save");
    expect(saved.reply?.message).toBe("Draft saved. But 2 boxes need attention.");
    expect(saved.reply?.errors).toEqual({
      "lines[0].unitPrice": "Use a point for pence, like 9.60",
      "lines[1].unitPrice": "Use one point, before the pence, like 9.60",
    });
    // Kept as typed, so nothing is lost.
    const [draft] = await db()
      .select()
      .from(quotations)
      .where(eq(quotations.quoteId, (await quote()).id));
    expect(draft?.draft.lines.map((line) => line.unitPrice)).toEqual(["9,60", "9.6.0"]);
    const sent = await post(lines, "send");
    expect(sent.status).toBe(422);
    expect(sent.reply?.confirm).toBeUndefined();
    expect(sent.reply?.errors?.["lines[0].unitPrice"]).toBe("Use a point for pence, like 9.60");
  });

  it("asks before sending a price far from this request's earlier revision, and sends only what was asked about", async () => {
    expect((await post([{ part: "6205-2RS", quantity: "10", unitPrice: "9.60" }], "send-confirmed")).status).toBe(302);
    const slipped = [{ part: "6205-2RS", quantity: "10", unitPrice: "960.00" }];
    const asked = await post(slipped, "send");
    expect(asked.reply?.confirm?.unusual).toEqual([`Line 1 (6205-2RS): £960.00 each, where ${reference}/1 had £9.60.`]);
    // "Yes, send it" from a page that was never asked (or asked about something else) asks again.
    const unasked = await post(slipped, "send-confirmed");
    expect(unasked.reply?.confirm?.unusual).toHaveLength(1);
    const otherKey = await post(slipped, "send-confirmed", { unusual: "00000000" });
    expect(otherKey.reply?.confirm?.unusual).toHaveLength(1);
    expect(await revisions()).toEqual([1]);
    const anyway = await post(slipped, "send-confirmed", { unusual: asked.reply?.confirm?.unusualKey ?? "" });
    expect(anyway).toEqual({
      status: 302,
      location: `/desk/quotes/${reference}?sent=${encodeURIComponent(`${reference}/2`)}`,
    });
    expect(await revisions()).toEqual([1, 2]);
  });

  it("keeps the draft but sends nothing on a request that is Won or Lost: its buyer could not accept it", async () => {
    const lines = [{ part: "6205-2RS", quantity: "10", unitPrice: "9.60" }];
    for (const status of ["won", "lost"] as const) {
      await db().update(quotes).set({ status }).where(eq(quotes.reference, reference));
      const refused = await post(lines, "send-confirmed");
      expect(refused.status).toBe(409);
      expect(refused.reply?.message).toBe(
        `The draft is saved, but this request is ${status === "won" ? "Won" : "Lost"}: a quotation sent now could not be accepted. To send it, change the request's status on its page first.`,
      );
      expect(await revisions()).toEqual([]);
    }
    await db().update(quotes).set({ status: "in_progress" }).where(eq(quotes.reference, reference));
    expect((await post(lines, "send-confirmed")).status).toBe(302);
    expect(await revisions()).toEqual([1]);
  });

  it("asks before sending a line or a quotation over £100,000; an ordinary one is asked about as always", async () => {
    const ordinary = await post([{ part: "6205-2RS", quantity: "10", unitPrice: "9.60" }], "send");
    expect(ordinary.reply?.confirm).toMatchObject({ gross: "£115.20", unusual: [] });
    const large = await post(
      [
        { part: "Gearbox", quantity: "2", unitPrice: "60000" },
        { part: "6205-2RS", quantity: "10", unitPrice: "9.60" },
      ],
      "send",
    );
    expect(large.reply?.confirm?.unusual).toEqual([
      "Line 1 (Gearbox) comes to £120,000.00.",
      "The quotation comes to £144,115.20 including VAT.",
    ]);
    expect(await revisions()).toEqual([]);
  });

  it("answers a Move in the line it moved, and Add and Remove under Add a line", async () => {
    const lines = [
      { part: "6205-2RS", quantity: "10", unitPrice: "9.60" },
      { part: "UCP206", quantity: "1", unitPrice: "23" },
    ];
    const moved = await post(lines, "up:1");
    expect(moved.reply).toMatchObject({ ok: true, at: "line:0", message: "Draft saved with the lines rearranged." });
    expect((await post(lines, "remove:0")).reply).toMatchObject({ at: "lines" });
    expect((await post(lines, "save")).reply).toMatchObject({ ok: true, at: "actions", message: "Draft saved." });
  });

  it("shows the buyer's request beside the lines: the parts list as sent and the latest three messages' new words", async () => {
    const { id } = await quote();
    await db()
      .insert(quoteMessages)
      .values(
        [1, 2, 3, 4].map((n) => ({
          quoteId: id,
          direction: n % 2 ? ("in" as const) : ("out" as const),
          subject: `Message ${n}`,
          body: `Words of message ${n}\n\nOn Tue, 24 Nov 2026, Sales wrote:\n> what went before`,
          fromAddress: n % 2 ? sampleQuote.email : null,
          sentByName: n % 2 ? null : alex.name,
          createdAt: new Date(Date.UTC(2026, 10, 20 + n)),
        })),
      );
    const page = await loader({
      params: { reference },
      context: context(),
      request: new Request("https://x"),
    } as never);
    expect(page.request.lines.map((line) => line.part)).toEqual(["6205-2RS SKF x10"]);
    expect(page.request.messages.map((message) => [message.subject, message.text])).toEqual([
      ["Message 4", "Words of message 4"],
      ["Message 3", "Words of message 3"],
      ["Message 2", "Words of message 2"],
    ]);
  });
});
