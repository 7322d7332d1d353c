import { asc, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { exportCsv } from "#app/desk/inbox/export.server.ts";
import { computeMonthFigures } from "#app/desk/inbox/figures.server.ts";
import { inboxPage, parseInboxQuery, statusCounts } from "#app/desk/inbox/inbox.server.ts";
import { requestPageAction } from "#app/desk/request/action.server.ts";
import type { ActionReply } from "#app/desk/request/intents.server.ts";
import { customerHistory } from "#app/desk/request/read.server.ts";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { readConfig } from "#app/lib/env.server.ts";
import { londonDay, monthStart, spreadsheetTime } from "#app/lib/london-time.ts";
import { checkDraft } from "#app/quotation/draft.ts";
import { sendQuotation } from "#app/quotation/quotation.server.ts";
import { type QuoteExtras, storeQuote } from "#app/quote/save-quote.server.ts";
import { searchKeys } from "#app/request/search-keys.ts";
import type { Db } from "#db/client.server.ts";
import { attachments, outbox, quotations, quoteEvents, quoteLines, quotes, staffUser } from "#db/schema.ts";
import type { Services } from "#server/services.server.ts";
import { before, testNow } from "#test/clock.ts";
import { describeDatabase, type TestDatabase } from "#test/pg.ts";
import { sampleDraft, sampleQuote, storeMeta } from "#test/quotes.ts";

const config = readConfig({ SITE_URL: "https://desk.example" });
const alex = { id: "alex", name: "Alex Turner", email: "alex@wrekin-mro.example" };
const bea = { id: "bea", name: "Bea Khan", email: "bea@wrekin-mro.example" };
const hour = 60 * 60 * 1000;

describe("search keys", () => {
  it("compacts part numbers as the public search does and keeps a phone's national digits", () => {
    expect(searchKeys(["6205-2RS", "SKF 6205 2RS"], "+44 (0)1952 123456")).toBe(
      "6205-2rs 62052rs skf 6205 2rs skf62052rs 01952123456",
    );
  });
});

describe("spreadsheet times", () => {
  it("writes UK time in a form spreadsheets read as a date", () => {
    expect(spreadsheetTime(new Date("2026-11-24T13:21:40Z"))).toBe("2026-11-24 13:21");
    expect(spreadsheetTime(new Date("2026-07-01T08:05:00Z"))).toBe("2026-07-01 09:05");
  });
});

describeDatabase("the desk for a team", (target: TestDatabase) => {
  const db = (): Db => target.database.db;
  let kicked = 0;

  beforeEach(async () => {
    await db().execute(sql`truncate quotes, outbox, staff_user restart identity cascade`);
    await db()
      .insert(staffUser)
      .values([alex, bea].map((p) => ({ ...p, role: "staff" as const })));
    kicked = 0;
  });

  async function stored(overrides: Partial<typeof sampleQuote> = {}, extras: QuoteExtras = {}, spam = false) {
    const meta = storeMeta({ spam, acknowledge: true });
    const { reference } = await storeQuote(db(), { ...sampleQuote, ...overrides }, meta, extras);
    const [row] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!row) throw new Error("not stored");
    return row;
  }

  /** Posts a desk form on a request as `who`, the way the request page's action does. */
  async function post(who: typeof alex, reference: string, fields: Record<string, string | number>) {
    const context = new RouterContextProvider();
    context.set(servicesContext, {
      config,
      database: target.database,
      outbox: { kick: () => kicked++ },
    } as unknown as Services);
    context.set(staffContext, { ...who, role: "staff", sessionToken: "t" } as never);
    const [quote] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!quote) throw new Error("no such request");
    const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    const result = await requestPageAction(
      new Request(`https://desk.example/desk/quotes/${reference}`, { method: "POST", body }),
      context,
      quote,
    );
    // A plain object is a 200; data() carries its status.
    if (result && typeof result === "object" && "init" in result && "data" in result) {
      return { status: (result.init as ResponseInit | null)?.status ?? 200, reply: result.data as ActionReply };
    }
    return { status: 200, reply: result as ActionReply };
  }

  const current = async (id: number) => {
    const [row] = await db().select().from(quotes).where(eq(quotes.id, id));
    if (!row) throw new Error("gone");
    return row;
  };
  const eventCount = async (id: number) =>
    (await db().select().from(quoteEvents).where(eq(quoteEvents.quoteId, id))).length;

  it("refuses every action made from a stale page with 409, naming who changed what, and writes nothing", async () => {
    const other = await stored({ email: "other@works.example", company: "Other Ltd" });
    const actions: [string, Record<string, string>, boolean?][] = [
      ["status", { intent: "status", status: "quoted" }],
      ["note", { intent: "note", note: "Typed while Bea was busy" }],
      ["reply", { intent: "reply", channel: "other" }],
      ["release", { intent: "release" }, true],
      ["retry", { intent: "retry" }],
      ["assign", { intent: "assign", owner: "me" }],
      ["merge", { intent: "merge", other: other.reference, confirmed: "yes" }],
      ["send-reply", { intent: "send-reply", subject: "Your request {reference}", body: "Dear {name}" }],
    ];
    for (const [name, fields, spam] of actions) {
      const quote = await stored({}, {}, spam);
      expect(quote.version).toBe(1);
      // Bea's change goes first; Alex's page still shows version 1.
      const first = await post(bea, quote.reference, { intent: "note", note: "Spoke to them", version: 1 });
      expect(first.status, name).toBe(200);
      const before = await current(quote.id);
      const events = await eventCount(quote.id);
      const { status, reply } = await post(alex, quote.reference, { ...fields, version: 1 });
      expect(status, name).toBe(409);
      expect(reply.message, name).toMatch(/^Bea Khan added a note \(Today \d\d:\d\d\)\. Nothing was changed/);
      expect(reply.values?.note, name).toBe(fields.note);
      expect(reply.values?.body, name).toBe(fields.body);
      expect(await current(quote.id), name).toEqual(before);
      expect(await eventCount(quote.id), name).toBe(events);
      // With the version the page now shows, the same action goes through.
      const again = await post(alex, quote.reference, { ...fields, version: before.version });
      expect(again.status, name).toBe(200);
      expect(again.reply.ok || name === "retry", name).toBe(true);
    }
    expect((await current(other.id)).mergedIntoId).not.toBeNull();
  });

  it("refuses a post that does not say which version it saw", async () => {
    const quote = await stored();
    const { status, reply } = await post(alex, quote.reference, { intent: "status", status: "quoted" });
    expect(status).toBe(422);
    expect(reply.message).toMatch(/Reload the page/);
    expect((await current(quote.id)).status).toBe("new");
  });

  it("assigns requests, e-mails an assignee chosen by someone else, and lists Mine and Nobody's", async () => {
    const mine = await stored({ customerName: "Mine Buyer" });
    const theirs = await stored({ customerName: "Their Buyer" });
    await stored({ customerName: "Nobody's Buyer" });
    expect((await post(alex, mine.reference, { intent: "assign", owner: "me", version: 1 })).reply.message).toBe(
      "It is yours now.",
    );
    const assigned = await post(alex, theirs.reference, { intent: "assign", owner: bea.id, version: 1 });
    expect(assigned.reply.message).toBe("Assigned; they have been sent an e-mail.");
    const messages = await db().select().from(outbox).where(eq(outbox.kind, "assignment"));
    expect(messages.map((m) => m.payload)).toEqual([
      { reference: theirs.reference, to: bea.email, byName: "Alex Turner", took: false },
    ]);
    expect(kicked).toBe(1);
    const names = async (owner: string, who: string) => {
      const parsed = parseInboxQuery(new URLSearchParams(owner ? { owner } : {}));
      if (!parsed.ok) throw new Error("bad query");
      return (await inboxPage(db(), parsed.query, who)).rows.map((r) => [r.customerName, r.ownerName]);
    };
    expect(await names("mine", alex.id)).toEqual([["Mine Buyer", "Alex Turner"]]);
    expect(await names("mine", bea.id)).toEqual([["Their Buyer", "Bea Khan"]]);
    expect(await names("nobody", alex.id)).toEqual([["Nobody's Buyer", null]]);
    expect(await post(alex, mine.reference, { intent: "assign", owner: "someone-else", version: 2 })).toMatchObject({
      status: 422,
      reply: { message: "Choose someone from the list" },
    });
    // A removed account leaves its requests without an owner.
    await db().delete(staffUser).where(eq(staffUser.id, bea.id));
    expect((await current(theirs.id)).ownerId).toBeNull();
  });

  it("finds a request by a part number however it is written, and by its phone number", async () => {
    await stored(
      { customerName: "Parts Buyer", requirements: "See the list", phone: "+44 (0)1952 123456" },
      { lines: [{ part: "6205-2RS", quantity: 4 }] },
    );
    await stored({ customerName: "Other Buyer", requirements: "Gloves", phone: "01632 960123" });
    const names = async (q: string) => {
      const parsed = parseInboxQuery(new URLSearchParams({ q }));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      return (await inboxPage(db(), parsed.query, alex.id)).rows.map((r) => r.customerName);
    };
    for (const q of ["6205 2RS", "6205-2rs", "62052RS", "6205/2RS", "01952 123456", "+44 1952 123456", "01952123456"])
      expect(await names(q), q).toEqual(["Parts Buyer"]);
  });

  it("acknowledges a buyer at most 3 times a day, and never a request held as spam", async () => {
    await stored({ email: "spam@works.example" }, {}, true);
    for (let i = 0; i < 4; i++) await stored({ email: i % 2 ? "Repeat@Works.example" : "repeat@works.example" });
    const acks = await db()
      .select({ email: quotes.email })
      .from(outbox)
      .innerJoin(quotes, eq(outbox.quoteId, quotes.id))
      .where(eq(outbox.kind, "acknowledgement"));
    expect(acks).toHaveLength(3);
    expect(acks.every((a) => a.email.toLowerCase() === "repeat@works.example")).toBe(true);
  });

  it("lists the buyer's and the company's other requests, and merges one into another", async () => {
    const first = await stored({ company: "Severn Foods Ltd" }, { lines: [{ part: "6205-2RS", quantity: 2 }] });
    const second = await stored(
      { email: "colleague@severn.example", company: "severn foods ltd" },
      { lines: [{ part: "6206-ZZ", quantity: 1, brand: "SKF" }] },
    );
    await stored({ email: "stranger@else.example", company: "Elsewhere" });
    await db().insert(attachments).values({
      quoteId: second.id,
      storageKey: "k-1",
      fileName: "pump.jpg",
      contentType: "image/jpeg",
      size: 10,
      width: 1,
      height: 1,
    });
    expect((await customerHistory(db(), first)).map((r) => [r.reference, r.sameBuyer])).toEqual([
      [second.reference, false],
    ]);
    const counted = (await statusCounts(db())).new;
    const asked = await post(alex, first.reference, {
      intent: "merge",
      other: second.reference.toLowerCase(),
      version: 1,
    });
    expect(asked.reply.confirmMerge).toEqual({ reference: second.reference, customerName: second.customerName });
    expect((await current(second.id)).mergedIntoId).toBeNull();
    const merged = await post(alex, first.reference, {
      intent: "merge",
      other: second.reference,
      confirmed: "yes",
      version: 1,
    });
    expect(merged.reply.message).toBe(`${second.reference} is merged into this request.`);
    const lines = await db()
      .select({ part: quoteLines.part })
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, first.id))
      .orderBy(asc(quoteLines.position));
    expect(lines.map((l) => l.part)).toEqual(["6205-2RS", "6206-ZZ"]);
    expect((await db().select().from(attachments)).map((a) => a.quoteId)).toEqual([first.id]);
    expect((await current(second.id)).mergedIntoId).toBe(first.id);
    expect((await statusCounts(db())).new).toBe(counted - 1);
    const parsed = parseInboxQuery(new URLSearchParams({ q: "6206zz" }));
    if (!parsed.ok) throw new Error("bad query");
    expect((await inboxPage(db(), parsed.query, alex.id)).rows.map((r) => r.reference)).toEqual([first.reference]);
    // The merged request only links to the other now: nothing more can be done on it.
    expect(await post(alex, second.reference, { intent: "note", note: "x", version: 2 })).toMatchObject({
      status: 422,
    });
    expect(
      await post(alex, first.reference, { intent: "merge", other: first.reference, confirmed: "yes", version: 2 }),
    ).toMatchObject({ status: 422, reply: { message: "A request cannot be merged into itself." } });
  });

  it("exports parts lines, the owner, the number of notes and spreadsheet dates", async () => {
    const quote = await stored(
      {},
      {
        lines: [
          { part: "6205-2RS", quantity: 4, brand: "SKF" },
          { part: "V-belt", quantity: 1 },
        ],
      },
    );
    await post(alex, quote.reference, { intent: "assign", owner: "me", version: 1 });
    await post(alex, quote.reference, { intent: "note", note: "Called", version: 2 });
    await post(bea, quote.reference, { intent: "note", note: "Sent prices", version: 3 });
    const text = await new Response(exportCsv(db(), { status: "all" }, alex.id)).text();
    const [, row] = text.trim().split("\r\n");
    const received = spreadsheetTime(quote.createdAt);
    expect(row).toContain(`${quote.reference},${received},`);
    expect(row).toContain(",4 × 6205-2RS (SKF); 1 × V-belt,Alex Turner,2,");
  });

  it("asks why a request was lost, keeps the won quotation's value, and counts the month honestly", async () => {
    // The figures are worked out at `now`, and every time they read is set relative to it below (the actions
    // stamp the database's own now()). The times are in a unit that keeps this month's requests inside the
    // month: an hour, or less early on the 1st (at 00:30, Waiting's 10 hours would begin last month).
    const now = testNow();
    const since = monthStart(now);
    const unit = Math.min(hour, (now.getTime() - since.getTime()) / 12);
    const answered = await stored({ customerName: "Answered" });
    const waiting = await stored({ customerName: "Waiting" });
    const lost = await stored({ customerName: "Lost" });
    const lastMonth = await stored({ customerName: "Last month" });
    const draft = sampleDraft();
    const checked = checkDraft(draft, londonDay(now));
    if (!checked.ok) throw new Error("invalid");
    await db().transaction((tx) => sendQuotation(tx, answered, draft, checked.value, alex, config.site));
    const version = (await current(answered.id)).version;
    expect(await post(alex, lost.reference, { intent: "status", status: "lost", version: 1 })).toMatchObject({
      status: 422,
      reply: { message: "Choose why it was lost" },
    });
    await post(alex, lost.reference, { intent: "status", status: "lost", lostReason: "price", version: 1 });
    // Won asks for the order's value: a phone order is not a £0 win.
    expect(await post(alex, answered.reference, { intent: "status", status: "won", version })).toMatchObject({
      status: 422,
      reply: { message: "Enter the order's value in pounds (net, ex VAT), like 1,250.00" },
    });
    expect(
      await post(alex, answered.reference, { intent: "status", status: "won", orderValue: "0", version }),
    ).toMatchObject({ status: 422 });
    expect((await current(answered.id)).status).toBe("quoted");
    await post(alex, answered.reference, { intent: "status", status: "won", orderValue: "25.80", version });
    expect(await current(answered.id)).toMatchObject({ wonValuePence: 2580, lostReason: null, poNumber: null });
    expect(await current(lost.id)).toMatchObject({ lostReason: "price", wonValuePence: null });
    // Answered after a unit and quoted; Waiting has had no answer for 10; Lost answered in half of one; one
    // answered request came in last month, just before this one began.
    const dated = (id: number, values: Partial<typeof quotes.$inferInsert>) =>
      db().update(quotes).set(values).where(eq(quotes.id, id));
    await dated(waiting.id, { createdAt: before(now, 10 * unit) });
    await dated(answered.id, {
      createdAt: before(now, 2 * unit),
      firstReplyAt: before(now, unit),
      closedAt: before(now, unit / 4),
    });
    await dated(lost.id, { createdAt: before(now, unit / 2), firstReplyAt: now, closedAt: before(now, unit / 4) });
    await dated(lastMonth.id, { createdAt: before(since, 2 * hour), firstReplyAt: before(since, hour) });
    await db()
      .update(quotations)
      .set({ queuedAt: before(now, unit) })
      .where(eq(quotations.quoteId, answered.id));
    const figures = await computeMonthFigures(db(), now);
    expect(figures).toMatchObject({
      received: 3,
      replied: 2,
      unanswered: 1,
      quotationsSent: 1,
      quotedPence: 2580,
      wonPence: 2580,
      won: 1,
      lost: 1,
      winRate: 0.5,
    });
    // Waiting counts with its 10 units so far: the 90th percentile is near it, not the reply after one unit.
    expect(figures.p90Seconds ?? 0).toBeGreaterThan((7 * unit) / 1000);
    expect(Math.abs((figures.medianSeconds ?? 0) - unit / 1000)).toBeLessThan(1);
  });
});
