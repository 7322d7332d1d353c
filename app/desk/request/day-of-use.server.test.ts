import { asc, eq, sql } from "drizzle-orm";
import type { SendMailOptions } from "nodemailer";
import { RouterContextProvider } from "react-router";
import { beforeEach, expect, it } from "vitest";
import { inboxPage, parseInboxQuery } from "#app/desk/inbox/inbox.server.ts";
import { eventText } from "#app/desk/labels.ts";
import { requestPageAction } from "#app/desk/request/action.server.ts";
import type { ActionReply } from "#app/desk/request/intents.server.ts";
import { customerHistory } from "#app/desk/request/read.server.ts";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { readConfig } from "#app/lib/env.server.ts";
import { claimNextMessage } from "#app/mail-out/claim.server.ts";
import { sendMessage } from "#app/mail-out/kinds.server.ts";
import { loadQuote } from "#app/quotation/load.server.ts";
import { type QuoteExtras, storeQuote } from "#app/quote/save-quote.server.ts";
import type { Db } from "#db/client.server.ts";
import { outbox, quoteEvents, quotes, staffUser } from "#db/schema.ts";
import { describeDatabase, type TestDatabase } from "#test/pg.ts";
import { sampleQuote, storeMeta } from "#test/quotes.ts";

// What a day of use on the desk found: merges that lost the other request's words, Take it without a
// question, a flag staff could not clear, and a page whose next change was refused as stale.

const config = readConfig({ SITE_URL: "https://desk.example" });
const alex = { id: "alex", name: "Alex Turner", email: "alex@wrekin-mro.example" };
const bea = { id: "bea", name: "Bea Khan", email: "bea@wrekin-mro.example" };

describeDatabase("a day of use on the desk", (target: TestDatabase) => {
  const db = (): Db => target.database.db;

  beforeEach(async () => {
    await db().execute(sql`truncate quotes, outbox, staff_user restart identity cascade`);
    await db()
      .insert(staffUser)
      .values([alex, bea].map((p) => ({ ...p, role: "staff" as const })));
  });

  async function stored(overrides: Partial<typeof sampleQuote> = {}, extras: QuoteExtras = {}, spamReasons?: string[]) {
    const meta = storeMeta({ spamReasons });
    const { reference } = await storeQuote(db(), { ...sampleQuote, ...overrides }, meta, extras);
    return current(reference);
  }

  async function current(reference: string) {
    const [row] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!row) throw new Error("no such request");
    return row;
  }

  /** Posts a desk form on a request as `who`, the way the request page's action does. */
  async function post(who: typeof alex, reference: string, fields: Record<string, string | number>) {
    const context = new RouterContextProvider();
    context.set(servicesContext, { config, database: target.database, outbox: { kick: () => {} } } as never);
    context.set(staffContext, { ...who, role: "staff", sessionToken: "t" } as never);
    const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    const result = await requestPageAction(
      new Request(`https://desk.example/desk/quotes/${reference}`, { method: "POST", body }),
      context,
      await current(reference),
    );
    if (result && typeof result === "object" && "init" in result && "data" in result) {
      return { status: (result.init as ResponseInit | null)?.status ?? 200, reply: result.data as ActionReply };
    }
    return { status: 200, reply: result as ActionReply };
  }

  const timeline = async (id: number) =>
    (await db().select().from(quoteEvents).where(eq(quoteEvents.quoteId, id)).orderBy(asc(quoteEvents.id))).map(
      (event) => `${event.actorName} ${eventText(event)}`,
    );

  /** Sends every message waiting in the outbox as the worker would, and returns the e-mails. */
  async function sendAll() {
    const sent: SendMailOptions[] = [];
    const mailer = { send: async (email: SendMailOptions) => void sent.push(email) };
    // The outbox schedules by the database's clock, so "waiting now" is the real time, never TEST_NOW.
    const claim = () => claimNextMessage(db(), new Date());
    for (let due = await claim(); due; due = await claim()) {
      await sendMessage(due, { db: db(), config } as never, mailer);
      await db().update(outbox).set({ status: "sent" }).where(eq(outbox.id, due.id));
    }
    return sent;
  }

  it("asks before taking a colleague's request, then tells them by e-mail and in the timeline", async () => {
    const quote = await stored();
    await post(bea, quote.reference, { intent: "assign", owner: "me", version: 1 });
    const asked = await post(alex, quote.reference, { intent: "assign", owner: "me", version: 2 });
    expect(asked).toMatchObject({ status: 200, reply: { intent: "assign", confirmTake: { ownerName: "Bea Khan" } } });
    expect((await current(quote.reference)).ownerId).toBe(bea.id);
    const taken = await post(alex, quote.reference, { intent: "assign", owner: "me", confirmed: "yes", version: 2 });
    expect(taken.reply.message).toBe("It is yours now; they have been sent an e-mail.");
    expect((await current(quote.reference)).ownerId).toBe(alex.id);
    expect(await timeline(quote.id)).toEqual(["Bea Khan took it on", "Alex Turner took it from Bea Khan"]);
    const [mail, ...more] = (await sendAll()).filter((email) => email.to !== config.quoteNotifyTo);
    expect(more).toEqual([]);
    expect(mail?.to).toBe(bea.email);
    expect(mail?.subject).toBe(`Alex Turner took ${quote.reference} (Dana Fitter, Severn Foods Ltd) from you`);
    expect(mail?.text).toContain(`Open it in the desk: https://desk.example/desk/quotes/${quote.reference}`);
  });

  it("says in the assignment e-mail who the customer is, how urgent it is and how the request begins", async () => {
    const requirements = "Line 3 is down.\nNeed 2 x SPA1250 belts\nand a 6205-2RS bearing\nInvoice to accounts";
    const quote = await stored({ urgency: "emergency", requirements });
    await post(alex, quote.reference, { intent: "assign", owner: bea.id, version: 1 });
    const [mail] = (await sendAll()).filter((email) => email.to !== config.quoteNotifyTo);
    expect(mail?.to).toBe(bea.email);
    expect(mail?.subject).toBe(
      `[Emergency (Same day)] Alex Turner assigned ${quote.reference} (Dana Fitter, Severn Foods Ltd) to you`,
    );
    expect(mail?.text).toContain(
      "Customer:  Dana Fitter\nCompany:   Severn Foods Ltd\nUrgency:   Emergency (Same day)",
    );
    expect(mail?.text).toContain("It begins:\nLine 3 is down.\nNeed 2 x SPA1250 belts\nand a 6205-2RS bearing\n…");
    expect(mail?.text).not.toContain("Invoice to accounts");
    // The outbox keeps the reference, not the buyer's words.
    const [queued] = await db().select({ payload: outbox.payload }).from(outbox).where(eq(outbox.kind, "assignment"));
    expect(JSON.stringify(queued?.payload)).not.toContain("Dana");
  });

  it("clears a possible-spam flag with Not spam, keeping the reasons in the timeline and notifying nobody again", async () => {
    const quote = await stored({}, {}, ["fast-fill"]);
    const queued = (await db().select().from(outbox)).length;
    const cleared = await post(alex, quote.reference, { intent: "release", version: 1 });
    expect(cleared).toMatchObject({ status: 200, reply: { ok: true, message: "Marked as not spam." } });
    expect(await current(quote.reference)).toMatchObject({ status: "new", spamReasons: [], version: 2 });
    expect(await timeline(quote.id)).toEqual(["Alex Turner marked it as not spam"]);
    const [event] = await db().select().from(quoteEvents).where(eq(quoteEvents.quoteId, quote.id));
    expect(event?.detail).toMatchObject({ reasons: ["fast-fill"] });
    expect((await db().select().from(outbox)).length).toBe(queued);
  });

  it("keeps everything of a merged request: its words in the conversation and the search, and it in the history", async () => {
    const kept = await stored({ requirements: "Belts for line 3" });
    const other = await stored(
      {
        customerName: "Sam Stores",
        phone: "01632 960777",
        company: "Severn Foods (Stores)",
        requirements: "Also a Timken gearbox seal kit",
      },
      { lines: [{ part: "6206-ZZ", quantity: 1, brand: "SKF" }] },
    );
    await post(alex, kept.reference, { intent: "merge", other: other.reference, confirmed: "yes", version: 1 });
    expect(await timeline(kept.id)).toEqual([
      `Alex Turner merged ${other.reference} into this request (1 parts line, no files)`,
    ]);
    const [event] = await db().select().from(quoteEvents).where(eq(quoteEvents.quoteId, kept.id));
    expect(event?.detail.request).toEqual({
      customerName: "Sam Stores",
      company: "Severn Foods (Stores)",
      phone: "01632 960777",
      email: "dana@works.example",
      requirements: "Also a Timken gearbox seal kit",
      parts: [{ part: "6206-ZZ", quantity: 1, brand: "SKF" }],
    });
    const found = async (q: string) => {
      const parsed = parseInboxQuery(new URLSearchParams({ q }));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      return (await inboxPage(db(), parsed.query, alex.id)).rows.map((r) => r.reference);
    };
    for (const q of ["gearbox seal", "Sam Stores", "(Stores)", "01632 960777", "6206ZZ", other.reference])
      expect(await found(q), q).toEqual([kept.reference]);
    expect((await customerHistory(db(), kept)).map((r) => [r.reference, r.mergedInto])).toEqual([
      [other.reference, kept.reference],
    ]);
    // A reply written on the merged request meanwhile is refused, and given back to be copied across.
    const late = await post(alex, other.reference, {
      intent: "send-reply",
      subject: "Your seal kit",
      body: "Which gearbox is it for?",
      version: 1,
    });
    expect(late).toMatchObject({
      reply: { ok: false, message: "This request was merged into another; work on that one." },
    });
    expect(late.reply?.values).toMatchObject({ subject: "Your seal kit", body: "Which gearbox is it for?" });
    // Its quotation editor names the request to quote on instead.
    await expect(loadQuote(db(), other.reference)).rejects.toMatchObject({
      data: `409: This request was merged into ${kept.reference}; quote on that one.`,
      init: { status: 409 },
    });
  });

  it("will not merge in a request whose buyer accepted online or that is Won, so neither the acceptance nor the order is lost", async () => {
    const kept = await stored();
    const accepted = await stored({ customerName: "Sam Stores" });
    const won = await stored({ customerName: "Sam Stores" });
    await db().update(quotes).set({ status: "accepted" }).where(eq(quotes.id, accepted.id));
    await db().update(quotes).set({ status: "won" }).where(eq(quotes.id, won.id));
    // Refused when asked, and when confirmed (the buyer may accept between the two).
    const merge = (other: string, confirmed = "yes") =>
      post(alex, kept.reference, { intent: "merge", other, confirmed, version: 1 });
    expect(await merge(won.reference, "")).toMatchObject({
      status: 422,
      reply: { message: `${won.reference} is Won: its order stays on its own request.` },
    });
    expect(await merge(accepted.reference)).toMatchObject({
      status: 422,
      reply: {
        intent: "merge",
        message: `The buyer accepted a quotation on ${accepted.reference} online: confirm the order or query it there first.`,
      },
    });
    expect(await merge(won.reference)).toMatchObject({
      status: 422,
      reply: { message: `${won.reference} is Won: its order stays on its own request.` },
    });
    for (const other of [accepted, won]) expect((await current(other.reference)).mergedIntoId).toBeNull();
  });

  it("links the sales notification to the request in the desk instead of asking for a reply to it", async () => {
    const quote = await stored();
    const [mail] = (await sendAll()).filter((email) => email.to === config.quoteNotifyTo);
    expect(mail?.text).toContain(`Answer it in the desk: https://desk.example/desk/quotes/${quote.reference}`);
    expect(mail?.html).toContain(
      `<a href="https://desk.example/desk/quotes/${quote.reference}">Answer it in the desk</a>`,
    );
    expect(`${mail?.text}${mail?.html}`).not.toMatch(/reply to this e-mail/i);
  });

  it("keeps a note as long as its box allows, posted with the browser's CRLF line ends, with its lines as typed", async () => {
    const quote = await stored();
    // The box (maxlength 4,000) counts each line break as one character; the browser sends it as two.
    const lines = Array.from({ length: 40 }, (_, i) => `Call ${i}: `.padEnd(99, "."));
    const typed = lines.join("\n");
    expect(typed).toHaveLength(3999);
    const noted = await post(alex, quote.reference, { intent: "note", note: lines.join("\r\n"), version: 1 });
    expect(noted).toMatchObject({ status: 200, reply: { intent: "note", message: "Note added." } });
    const [note] = await db().select().from(quoteEvents).where(eq(quoteEvents.kind, "note"));
    expect(note?.detail).toEqual({ text: typed });
  });

  it("answers each change with the request's new version and the action it answers", async () => {
    const quote = await stored();
    const phoned = await post(alex, quote.reference, { intent: "reply", channel: "other", version: 1 });
    expect(phoned).toMatchObject({
      status: 200,
      reply: { intent: "reply", version: 2, message: "Phone call recorded as the first reply." },
    });
    // A refused empty note leaves nothing changed; the page carries on from the version the call left.
    const empty = await post(alex, quote.reference, { intent: "note", note: "", version: 2 });
    expect(empty).toMatchObject({ status: 422, reply: { intent: "note", message: "Write a note first" } });
    const status = await post(alex, quote.reference, { intent: "status", status: "quoted", version: 2 });
    expect(status).toMatchObject({ status: 200, reply: { intent: "status", version: 3 } });
    const badMerge = await post(alex, quote.reference, { intent: "merge", other: "nonsense", version: 3 });
    expect(badMerge).toMatchObject({ status: 422, reply: { intent: "merge" } });
  });
});
