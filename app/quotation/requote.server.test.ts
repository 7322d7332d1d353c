import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import {
  defaultQuotationEmail as firstWords,
  defaultRevisedQuotationEmail as revisedWords,
} from "#app/content/quotation.ts";
import { requestPageAction } from "#app/desk/request/action.server.ts";
import type { ActionReply } from "#app/desk/request/intents.server.ts";
import { findRequest } from "#app/desk/request/read.server.ts";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { readConfig } from "#app/lib/env.server.ts";
import { checkDraft, type Draft, emptyLine } from "#app/quotation/draft.ts";
import { sendQuotation } from "#app/quotation/quotation.server.ts";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { quotations, quoteEvents, quotes, staffUser } from "#db/schema.ts";
import type { Services } from "#server/services.server.ts";
import { describeDatabase } from "#test/pg.ts";
import { sampleQuote, storeMeta } from "#test/quotes.ts";

const alex = { id: "alex", name: "Alex Turner", email: "alex@wrekin-mro.example" };
const sam = { id: "sam", name: "Sam Rep", email: "sam@wrekin-mro.example" };
const config = readConfig({ SITE_URL: "https://desk.example" });
const draft = (unitPrice: string): Draft => ({
  lines: [
    emptyLine({ part: "6205-2RS", brand: "SKF", description: "Bearing", quantity: "4", unitPrice }),
    emptyLine({ part: "V-belt SPZ 1000", description: "Belt", quantity: "2", unitPrice: "POA", note: "Matched pair" }),
  ],
  delivery: "9.95",
  validUntil: "2026-06-30",
  paymentTerms: "30 days",
  deliveryTerms: "Free UK delivery",
  buyerReference: "PO-ENQ-17",
  deliveryAddress: "Gate 3, Severn Foods",
  vatRate: "20",
  subject: "Quotation {revision}",
  message: "Dear {name}, attached.",
});

describeDatabase("quoting a closed request again", (target) => {
  const db = () => target.database.db;
  beforeEach(async () => {
    await db().execute(sql`truncate quotes, outbox, staff_user restart identity cascade`);
    await db()
      .insert(staffUser)
      .values([
        { ...alex, role: "staff" as const },
        { ...sam, role: "staff" as const },
      ]);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const current = async (id: number) => {
    const [row] = await db().select().from(quotes).where(eq(quotes.id, id));
    if (!row) throw new Error("gone");
    return row;
  };
  /** Sam presses "Quote again" on the request's page, the page's clock at `now`. */
  async function quoteAgain(id: number, now: string, version?: number) {
    const context = new RouterContextProvider();
    context.set(servicesContext, { config, database: target.database, outbox: { kick() {} } } as unknown as Services);
    context.set(staffContext, { ...sam, role: "staff", sessionToken: "t" } as never);
    const row = await current(id);
    const body = new URLSearchParams({ intent: "quote-again", version: String(version ?? row.version) });
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(now) });
    const result = await requestPageAction(
      new Request("https://desk.example/x", { method: "POST", body }),
      context,
      row,
    );
    vi.useRealTimers();
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location") };
    if (result && typeof result === "object" && "init" in result && "data" in result)
      return { status: (result.init as ResponseInit | null)?.status ?? 200, reply: result.data as ActionReply };
    return { status: 200, reply: result as ActionReply };
  }
  /** Alex's request, quoted twice (the second revision cheaper) and closed as `status`. */
  async function closedRequest(status: "won" | "lost" | "expired", revisions = 2) {
    const { reference } = await storeQuote(db(), sampleQuote, storeMeta());
    const [quote] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!quote) throw new Error("not stored");
    for (const [index, price] of ["6.45", "5.90"].slice(0, revisions).entries()) {
      // The second revision is sent with the desk's starting words for a revision, as a browser sends them.
      const words = index
        ? { subject: revisedWords.subject, message: revisedWords.message.replace(/\n/g, "\r\n") }
        : {};
      const sent = { ...draft(price), ...words };
      const checked = checkDraft(sent, "2026-05-01");
      if (!checked.ok) throw new Error("invalid");
      await db().transaction((tx) => sendQuotation(tx, quote, sent, checked.value, alex, config.site));
    }
    await db().update(quotes).set({ status, ownerId: alex.id, closedAt: new Date() }).where(eq(quotes.id, quote.id));
    return quote;
  }

  it("opens a new request for the same buyer, Sam's and New, with a draft of the latest revision's lines", async () => {
    const old = await closedRequest("won");
    const done = await quoteAgain(old.id, "2026-11-27T15:00:00Z");
    const [made] = await db().select().from(quotes).where(ne(quotes.id, old.id));
    if (!made) throw new Error("no new request");
    expect(done).toEqual({ status: 302, location: `/desk/quotes/${made.reference}/quotation` });
    expect(made.reference).not.toBe(old.reference);
    expect(made).toMatchObject({
      customerName: sampleQuote.customerName,
      email: sampleQuote.email,
      company: sampleQuote.company,
      phone: sampleQuote.phone,
      requirements: sampleQuote.requirements,
      status: "new",
      ownerId: sam.id,
      repeatOfId: old.id,
      closedAt: null,
    });
    expect(await current(old.id)).toMatchObject({ status: "won", version: old.version + 1 });

    const [fresh] = await db()
      .select()
      .from(quotations)
      .where(and(eq(quotations.quoteId, made.id), isNull(quotations.revision)));
    expect(fresh?.updatedByName).toBe(sam.name);
    expect(fresh?.draft.lines.map((l) => [l.part, l.brand, l.quantity, l.unitPrice, l.note])).toEqual([
      ["6205-2RS", "SKF", "4", "5.90", ""],
      ["V-belt SPZ 1000", "", "2", "POA", "Matched pair"],
    ]);
    expect(fresh?.draft).toMatchObject({
      delivery: "9.95",
      validUntil: "2026-12-27",
      buyerReference: "",
      deliveryAddress: "Gate 3, Severn Foods",
    });
    // The new request's quotation is its first: its e-mail does not say it replaces one.
    expect(fresh?.draft).toMatchObject({ subject: firstWords.subject, message: firstWords.message });

    expect((await findRequest(db(), made.reference))?.repeats).toEqual({ of: old.reference, again: [] });
    expect((await findRequest(db(), old.reference))?.repeats).toEqual({ of: null, again: [made.reference] });
    const events = await db().select().from(quoteEvents).where(eq(quoteEvents.actorId, sam.id));
    expect(events.map((e) => [e.quoteId, e.kind, e.detail])).toEqual([
      [made.id, "repeat-of", { reference: old.reference }],
      [old.id, "quoted-again", { reference: made.reference }],
    ]);

    // Pressed twice: the second post carries the version the first one changed, and opens nothing.
    expect((await quoteAgain(old.id, "2026-11-27T15:00:01Z", old.version)).status).toBe(409);
    expect(await db().select().from(quotes)).toHaveLength(2);
  });

  it("quotes a lost or expired request again, and refuses an open one or one never quoted", async () => {
    for (const status of ["lost", "expired"] as const) {
      const old = await closedRequest(status, 1);
      expect((await quoteAgain(old.id, "2026-11-27T15:00:00Z")).status).toBe(302);
    }
    const open = await closedRequest("won");
    await db().update(quotes).set({ status: "quoted", closedAt: null }).where(eq(quotes.id, open.id));
    expect(await quoteAgain(open.id, "2026-11-27T15:00:00Z")).toMatchObject({
      status: 422,
      reply: { message: "Only a won, lost or expired request is quoted again." },
    });
    const unquoted = await closedRequest("won", 0);
    expect(await quoteAgain(unquoted.id, "2026-11-27T15:00:00Z")).toMatchObject({
      status: 422,
      reply: { message: "It was never quoted: open a new request for the buyer instead." },
    });
    expect(await db().select().from(quotes).where(sql`${quotes.repeatOfId} is not null`)).toHaveLength(2);
  });
});
