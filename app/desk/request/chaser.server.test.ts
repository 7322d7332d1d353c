import { desc, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { requestPageAction } from "#app/desk/request/action.server.ts";
import { chasersOnPage } from "#app/desk/request/chaser.server.ts";
import type { ActionReply } from "#app/desk/request/intents.server.ts";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { readConfig } from "#app/lib/env.server.ts";
import { checkDraft } from "#app/quotation/draft.ts";
import { findByToken } from "#app/quotation/online.server.ts";
import { sendQuotation } from "#app/quotation/quotation.server.ts";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { outbox, quotations, quoteEvents, quoteMessages, quotes, savedReplies } from "#db/schema.ts";
import type { Services } from "#server/services.server.ts";
import { describeDatabase } from "#test/pg.ts";
import { sampleDraft, sampleQuote, storeMeta } from "#test/quotes.ts";
import { deliverOutbox, suiteSmtpSink } from "#test/smtp-suite.ts";

const alex = { id: "alex", name: "Alex Turner", email: "alex@wrekin-mro.example" };
const config = readConfig({ SITE_URL: "https://desk.example" });
const draft = sampleDraft();
const tokenOf = (text: string | undefined) => text?.match(/https:\/\/desk\.example\/q\/([A-Za-z0-9_-]{43})/)?.[1];

describeDatabase("a chaser to the buyer of a quoted request", (target) => {
  const db = () => target.database.db;
  const sink = suiteSmtpSink();
  const logged: unknown[] = [];
  beforeEach(async () => {
    await db().execute(sql`truncate quotes, outbox, saved_replies restart identity cascade`);
    logged.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const sendAll = async () => {
    const log = (...args: unknown[]) => logged.push(args);
    await deliverOutbox({
      db: db(),
      config,
      sink: sink(),
      dataDir: target.dataDir,
      logger: { info: log, warn: log, error: log },
    });
  };
  const current = async (id: number) => {
    const [row] = await db().select().from(quotes).where(eq(quotes.id, id));
    if (!row) throw new Error("gone");
    return row;
  };
  /** The request page's post, its clock at `now` (the day the next contact is counted from). */
  async function post(id: number, form: Record<string, string>, now: string) {
    const context = new RouterContextProvider();
    context.set(servicesContext, { config, database: target.database, outbox: { kick() {} } } as unknown as Services);
    context.set(staffContext, { ...alex, role: "staff", sessionToken: "t" } as never);
    const row = await current(id);
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(now) });
    const body = new URLSearchParams({ version: String(row.version), ...form });
    const result = await requestPageAction(
      new Request("https://desk.example/x", { method: "POST", body }),
      context,
      row,
    );
    vi.useRealTimers();
    if (result && typeof result === "object" && "init" in result && "data" in result)
      return { status: (result.init as ResponseInit | null)?.status ?? 200, reply: result.data as ActionReply };
    return { status: 200, reply: result as ActionReply };
  }
  /** A request quoted twice (revisions 1 and 2, both e-mailed). */
  async function quotedTwice() {
    const { reference } = await storeQuote(db(), sampleQuote, storeMeta());
    const [quote] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!quote) throw new Error("not stored");
    const checked = checkDraft(draft, "2026-11-20");
    if (!checked.ok) throw new Error("invalid");
    for (const _ of [1, 2]) {
      await db().transaction((tx) =>
        sendQuotation(tx, quote, draft, checked.value, alex, config.site, [], "2026-11-25"),
      );
      await sendAll();
    }
    return quote;
  }

  it("sends the shipped chaser once, threaded to revision 2, with its figures and a fresh link that opens it", async () => {
    const quote = await quotedTwice();
    const revisions = await db().select().from(quotations).where(eq(quotations.quoteId, quote.id));
    const messageIdOf = (n: number) => revisions.find((r) => r.revision === n)?.messageId;
    const quotationMail = sink().messages.find((m) => m.header("subject") === `Quotation ${quote.reference}/2`);
    const earlierToken = tokenOf(quotationMail?.text);
    expect(earlierToken).toBeDefined();

    // Friday 27 November 2026: three working days on is Wednesday 2 December.
    const sent = await post(quote.id, { intent: "chaser", chaser: "default" }, "2026-11-27T15:00:00Z");
    expect(sent).toMatchObject({
      status: 200,
      reply: {
        ok: true,
        message: `Chaser about ${quote.reference}/2 on its way to the buyer. Next contact on 2 December 2026.`,
      },
    });
    // Pressed twice: the second post carries the version the first one changed, and is refused.
    const again = await post(quote.id, { intent: "chaser", chaser: "default", version: "1" }, "2026-11-27T15:00:01Z");
    expect(again.status).toBe(409);
    expect(await db().select().from(outbox).where(eq(outbox.kind, "chaser"))).toHaveLength(1);
    const after = await current(quote.id);
    expect(after.status).toBe("quoted");
    expect(after.nextContactAt?.toISOString()).toBe("2026-12-02T00:00:00.000Z");
    const [entry] = await db().select().from(quoteEvents).orderBy(desc(quoteEvents.id)).limit(1);
    expect(entry).toMatchObject({
      kind: "chaser-sent",
      actorName: alex.name,
      detail: { revision: `${quote.reference}/2` },
    });

    await sendAll();
    const chaser = sink().messages.at(-1);
    expect(chaser?.envelope.to).toEqual([sampleQuote.email]);
    expect(chaser?.header("subject")).toBe(`Your quotation ${quote.reference}/2`);
    expect(chaser?.header("in-reply-to")).toBe(messageIdOf(2));
    expect(chaser?.header("references")).toBe(`${messageIdOf(1)} ${messageIdOf(2)}`);
    const text = chaser?.text ?? "";
    expect(text).toContain(`Dear ${sampleQuote.customerName},`);
    expect(text).toContain(
      `our quotation ${quote.reference}/2 for your request ${quote.reference}: £30.96 including VAT, valid until 31 December 2099.`,
    );
    const token = tokenOf(text);
    expect(token).toBeDefined();
    const opened = await findByToken(db(), token ?? "", new Date());
    expect(opened).toMatchObject({ revision: 2, quote: { reference: quote.reference } });
    // The quotation e-mail's link still opens the same revision: the buyer may click either.
    expect(await findByToken(db(), earlierToken ?? "", new Date())).toMatchObject({ revision: 2 });

    const [kept] = await db().select().from(quoteMessages).where(eq(quoteMessages.direction, "out"));
    expect(kept?.sentAt).toBeInstanceOf(Date);
    expect(kept?.messageId).toBe(chaser?.header("message-id"));
    expect(kept?.body).toContain("online here: {link}");
    expect(kept?.body).not.toContain(token);
    const log = JSON.stringify(logged);
    expect(log).toContain("quote notification sent");
    for (const secret of [sampleQuote.customerName, sampleQuote.email, sampleQuote.company ?? "", "Dana"])
      expect(log).not.toContain(secret);
  });

  it("offers the team's chasers, fills their words and adds the link above the sign-off of one without {link}", async () => {
    const quote = await quotedTwice();
    await db()
      .insert(savedReplies)
      .values([
        {
          title: "Chaser, short",
          subject: "{reference}: still of use?",
          body: "Hello {name}, {total} until {validUntil}.\n\nThanks,",
        },
        { title: "Quotation", subject: "Q", body: "Not a chaser" },
      ]);
    const [shortOne] = await db().select().from(savedReplies).where(eq(savedReplies.title, "Chaser, short"));
    const page = await chasersOnPage(db(), await current(quote.id), "");
    expect(page.chasers).toEqual([{ choice: String(shortOne?.id), title: "Chaser, short" }]);
    expect(page.preview).toEqual({
      choice: String(shortOne?.id),
      title: "Chaser, short",
      revision: `${quote.reference}/2`,
      subject: `${quote.reference}: still of use?`,
      // Left out, the link goes above the sign-off.
      body: `Hello ${sampleQuote.customerName}, £30.96 until 31 December 2099.\n\nView and accept this quotation online: {link}\n\nThanks,`,
    });
    expect((await chasersOnPage(db(), await current(quote.id), null)).preview).toBeUndefined();

    expect(await post(quote.id, { intent: "chaser", chaser: "default" }, "2026-11-27T15:00:00Z")).toMatchObject({
      status: 422,
      reply: { message: "Choose a chaser from the list." },
    });
    expect(
      (await post(quote.id, { intent: "chaser", chaser: String(shortOne?.id) }, "2026-11-27T15:00:00Z")).status,
    ).toBe(200);
    await sendAll();
    const text = sink().messages.at(-1)?.text ?? "";
    expect(text).toMatch(
      /£30\.96 until 31 December 2099\.\n\nView and accept this quotation online: https:\/\/desk\.example\/q\/[\w-]{43}\n\nThanks,\n/,
    );

    await db().update(quotes).set({ status: "won" }).where(eq(quotes.id, quote.id));
    expect(await post(quote.id, { intent: "chaser", chaser: "" }, "2026-11-27T15:00:00Z")).toMatchObject({
      status: 422,
      reply: { message: "Only a quoted request is chased." },
    });
  });
});
