import { and, desc, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultQuotationEmail } from "#app/content/quotation.ts";
import { inboxPage, parseInboxQuery, statusCounts } from "#app/desk/inbox/inbox.server.ts";
import { requestPageAction } from "#app/desk/request/action.server.ts";
import type { ActionReply } from "#app/desk/request/intents.server.ts";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { readConfig } from "#app/lib/env.server.ts";
import { londonDay } from "#app/lib/london-time.ts";
import { checkDraft } from "#app/quotation/draft.ts";
import { sendQuotation } from "#app/quotation/quotation.server.ts";
import { reissueQuotation } from "#app/quotation/reissue.server.ts";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { addWorkingDays, nextContactDay } from "#app/request/chase.server.ts";
import { sweepQuotations } from "#app/request/expiry.server.ts";
import { outbox, quotations, quoteEvents, quotes, staffUser } from "#db/schema.ts";
import type { Services } from "#server/services.server.ts";
import { describeDatabase } from "#test/pg.ts";
import { sampleDraft, sampleQuote, storeMeta } from "#test/quotes.ts";

const alex = { id: "alex", name: "Alex Turner", email: "alex@wrekin-mro.example" };
const site = { email: "sales@wrekin-mro.example" };

describe("working days", () => {
  it("skip weekends and England's bank holidays", async () => {
    // Thursday 26 November 2026 + 3: Friday, Monday, Tuesday.
    expect(await addWorkingDays("2026-11-26", 3)).toBe("2026-12-01");
    // Christmas Day is a Friday, Boxing Day a Saturday, so Monday the 28th is its bank holiday.
    expect(await addWorkingDays("2026-12-24", 1)).toBe("2026-12-29");
    expect(await addWorkingDays("2026-12-29", -1)).toBe("2026-12-24");
  });

  it("skip the site's own closures (SITE_CLOSURES) too", async () => {
    // Sent on Tuesday 22 December, chased 3 working days on: the 23rd, the 24th and (past Christmas and its
    // substitute Boxing Day) the 29th; shut from Christmas Eve to New Year's Day: the 23rd, then 4 and 5 January.
    const shutdown = [{ from: "2026-12-24", to: "2027-01-01" }];
    expect(await addWorkingDays("2026-12-22", 3)).toBe("2026-12-29");
    expect(await addWorkingDays("2026-12-22", 3, shutdown)).toBe("2027-01-05");
    expect(await nextContactDay("2026-12-22", { quotation: { chaseDays: 3 }, closures: shutdown })).toBe("2027-01-05");
  });
});

describeDatabase("a quotation's end of validity", (target) => {
  const db = () => target.database.db;

  beforeEach(async () => {
    await db().execute(sql`truncate quotes, outbox, staff_user restart identity cascade`);
    await db()
      .insert(staffUser)
      .values({ ...alex, role: "staff" as const });
  });

  const draft = sampleDraft({ validUntil: "2026-12-04" });
  const current = async (id: number) => {
    const [row] = await db().select().from(quotes).where(eq(quotes.id, id));
    if (!row) throw new Error("gone");
    return row;
  };
  const chaseList = async (now: Date) => {
    const parsed = parseInboxQuery(new URLSearchParams({ status: "chase" }));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    return (await inboxPage(db(), parsed.query, alex.id, now)).rows.map((row) => row.reference);
  };
  /** Re-issued on Monday 7 December, valid 30 days, chased from the 10th: the answer and revision 2 as stored. */
  async function reissueOn7December(quote: typeof quotes.$inferSelect) {
    const reissued = await db().transaction((tx) =>
      reissueQuotation(tx, quote, alex, site, {
        today: "2026-12-07",
        validityDays: 30,
        deliveryTerms: "Free UK delivery",
        nextContactDay: "2026-12-10",
      }),
    );
    const [second] = await db()
      .select()
      .from(quotations)
      .where(and(eq(quotations.quoteId, quote.id), eq(quotations.revision, 2)));
    return { reissued, second };
  }
  const sweep = (now: string) =>
    sweepQuotations(db(), { now: new Date(now), noticeDays: 5, notifyTo: site.email, siteUrl: "https://desk.example" });

  it("lists a quotation nearing its end and tells its owner once, expires it after, and re-issues it with new dates", async () => {
    const { reference } = await storeQuote(db(), sampleQuote, storeMeta());
    const [quote] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!quote) throw new Error("not stored");
    await db().update(quotes).set({ ownerId: alex.id }).where(eq(quotes.id, quote.id));
    const checked = checkDraft(draft, "2026-11-20");
    if (!checked.ok) throw new Error("invalid");
    // Sent on Friday 20 November: chase three working days later, on Wednesday the 25th.
    await db().transaction((tx) => sendQuotation(tx, quote, draft, checked.value, alex, site, [], "2026-11-25"));
    expect(await chaseList(new Date("2026-11-24T12:00:00Z"))).toEqual([]);
    expect(await chaseList(new Date("2026-11-25T08:00:00Z"))).toEqual([reference]);

    // Thursday 26th: 4 December is more than five working days away. Friday 27th: it is the fifth.
    expect(await sweep("2026-11-26T12:00:00Z")).toEqual({ warned: 0, expired: 0 });
    expect(await sweep("2026-11-27T07:00:00Z")).toEqual({ warned: 1, expired: 0 });
    expect(await sweep("2026-11-27T15:00:00Z")).toEqual({ warned: 0, expired: 0 });
    const notices = await db().select().from(outbox).where(eq(outbox.kind, "message"));
    expect(notices.map((n) => n.payload)).toEqual([
      expect.objectContaining({ to: alex.email, subject: `Quotation ${reference}/1 ends on 4 December 2026` }),
    ]);
    expect(await chaseList(new Date("2026-11-27T15:00:00Z"))).toEqual([reference]);
    expect((await current(quote.id)).status).toBe("quoted");

    // Still quoted on its last day; Expired the day after, with a timeline entry, off the To chase list.
    expect(await sweep("2026-12-04T16:00:00Z")).toEqual({ warned: 0, expired: 0 });
    expect(await sweep("2026-12-05T00:30:00Z")).toEqual({ warned: 0, expired: 1 });
    const expired = await current(quote.id);
    expect(expired).toMatchObject({ status: "expired", nextContactAt: null });
    expect(expired.closedAt).toBeInstanceOf(Date);
    const [entry] = await db()
      .select()
      .from(quoteEvents)
      .where(eq(quoteEvents.quoteId, quote.id))
      .orderBy(desc(quoteEvents.id))
      .limit(1);
    expect(entry).toMatchObject({ kind: "expired", actorName: "The desk", detail: { revision: `${reference}/1` } });
    expect(await chaseList(new Date("2026-12-05T10:00:00Z"))).toEqual([]);
    expect((await statusCounts(db(), new Date("2026-12-05T10:00:00Z"))).expired).toBe(1);

    // Re-issued on Monday 7 December: revision 2, the same lines, valid 30 days, Quoted again and chased anew.
    const { reissued, second } = await reissueOn7December(expired);
    expect(reissued).toEqual({ ok: true, revision: `${reference}/2` });
    expect(second?.content).toMatchObject({ validUntil: "2027-01-06", netPence: 2580 });
    expect(await current(quote.id)).toMatchObject({ status: "quoted", closedAt: null });
    expect(await chaseList(new Date("2026-12-10T09:00:00Z"))).toEqual([reference]);
    // The team's own words go out again as they wrote them.
    expect(second?.content).toMatchObject({
      subject: `Quotation ${reference}/2`,
      message: `Dear ${sampleQuote.customerName}, attached.`,
    });
  });

  it("re-issues a quotation sent with the desk's starting words with words that say which revision it replaces", async () => {
    const { reference } = await storeQuote(db(), sampleQuote, storeMeta());
    const [quote] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!quote) throw new Error("not stored");
    // As the editor's form sends them: CRLF line ends.
    const first = sampleDraft({
      ...defaultQuotationEmail,
      message: defaultQuotationEmail.message.replace(/\n/g, "\r\n"),
    });
    const checked = checkDraft(first, "2026-11-20");
    if (!checked.ok) throw new Error("invalid");
    await db().transaction((tx) => sendQuotation(tx, quote, first, checked.value, alex, site));
    const { reissued, second } = await reissueOn7December(quote);
    expect(reissued).toEqual({ ok: true, revision: `${reference}/2` });
    expect(second?.content?.subject).toBe(`Revised quotation ${reference}/2 for your request ${reference}`);
    expect(second?.content?.message).toContain(
      `Please find our revised quotation ${reference}/2 attached, valid until 6 January 2027. It replaces our quotation ${reference}/1.`,
    );
  });

  it("snoozes a quoted request from its page and re-issues only an expired one", async () => {
    const config = readConfig({ SITE_URL: "https://desk.example" });
    const { reference } = await storeQuote(db(), sampleQuote, storeMeta());
    const [quote] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!quote) throw new Error("not stored");
    const checked = checkDraft({ ...draft, validUntil: "2099-12-31" }, londonDay());
    if (!checked.ok) throw new Error("invalid");
    await db().transaction((tx) => sendQuotation(tx, quote, draft, checked.value, alex, site, [], londonDay()));
    const post = async (intent: string) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, { config, database: target.database, outbox: { kick() {} } } as unknown as Services);
      context.set(staffContext, { ...alex, role: "staff", sessionToken: "t" } as never);
      const row = await current(quote.id);
      const body = new URLSearchParams({ intent, version: String(row.version) });
      const result = await requestPageAction(
        new Request(`https://desk.example/desk/quotes/${reference}`, { method: "POST", body }),
        context,
        row,
      );
      if (result && typeof result === "object" && "init" in result && "data" in result)
        return { status: (result.init as ResponseInit | null)?.status ?? 200, reply: result.data as ActionReply };
      return { status: 200, reply: result as ActionReply };
    };
    expect(await chaseList(new Date())).toEqual([reference]);
    const snoozed = await post("snooze");
    expect(snoozed.status).toBe(200);
    const until = await addWorkingDays(londonDay(), 3);
    expect(snoozed.reply.message).toMatch(/^Next contact on /);
    expect(londonDay((await current(quote.id)).nextContactAt ?? new Date(0))).toBe(until);
    expect(await chaseList(new Date())).toEqual([]);
    expect(await post("reissue")).toMatchObject({
      status: 422,
      reply: { message: "Only an expired quotation is re-issued." },
    });
  });
});
