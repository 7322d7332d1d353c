import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { inboxPage, parseInboxQuery, statusCounts } from "#app/desk/inbox/inbox.server.ts";
import { londonDay } from "#app/lib/london-time.ts";
import { checkDraft } from "#app/quotation/draft.ts";
import { sendQuotation } from "#app/quotation/quotation.server.ts";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { addWorkingDays, snoozeChase } from "#app/request/chase.server.ts";
import { quoteEvents, quotes, staffUser } from "#db/schema.ts";
import { describeDatabase } from "#test/pg.ts";
import { sampleDraft, sampleQuote, storeMeta } from "#test/quotes.ts";

const alex = { id: "alex", name: "Alex Turner", email: "alex@wrekin-mro.example" };
const site = { email: "sales@wrekin-mro.example" };

describeDatabase("snoozing a quotation to chase", (target) => {
  const db = () => target.database.db;

  beforeEach(async () => {
    await db().execute(sql`truncate quotes, outbox, staff_user restart identity cascade`);
    await db()
      .insert(staffUser)
      .values({ ...alex, role: "staff" as const });
  });

  const draft = sampleDraft();

  /** The To chase tab, and its count, as the desk shows them at `now`. */
  const toChase = async (now: string) => {
    const at = new Date(now);
    const parsed = parseInboxQuery(new URLSearchParams({ status: "chase" }));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const rows = (await inboxPage(db(), parsed.query, alex.id, at)).rows.map((row) => row.reference);
    expect((await statusCounts(db(), at)).chase).toBe(rows.length);
    return rows;
  };

  /** A request quoted with its first contact due on `dueDay`. */
  async function quotedDueOn(dueDay: string) {
    const { reference } = await storeQuote(db(), sampleQuote, storeMeta());
    const [quote] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!quote) throw new Error("not stored");
    const checked = checkDraft(draft, "2026-01-05");
    if (!checked.ok) throw new Error("invalid");
    await db().transaction((tx) => sendQuotation(tx, quote, draft, checked.value, alex, site, [], dueDay));
    return { id: quote.id, reference };
  }

  /** Snooze as the request page does, its clock at `now`: the chase days counted from that UK day. */
  async function snooze(id: number, now: string) {
    const day = await addWorkingDays(londonDay(new Date(now)), 3);
    await db().transaction((tx) => snoozeChase(tx, id, day, alex));
    return day;
  }

  it("leaves To chase on its due day and is back at the start of the UK day it was snoozed to", async () => {
    // Due on Friday 27 November 2026 (GMT); snoozed that afternoon to Wednesday 2 December.
    const { id, reference } = await quotedDueOn("2026-11-27");
    expect(await toChase("2026-11-26T23:59:00Z")).toEqual([]);
    expect(await toChase("2026-11-27T00:00:00Z")).toEqual([reference]);
    expect(await snooze(id, "2026-11-27T15:00:00Z")).toBe("2026-12-02");
    expect(await toChase("2026-11-27T15:00:01Z")).toEqual([]);
    expect(await toChase("2026-11-30T09:00:00Z")).toEqual([]);
    expect(await toChase("2026-12-01T23:59:59Z")).toEqual([]);
    expect(await toChase("2026-12-02T00:00:00Z")).toEqual([reference]);
    expect(await toChase("2026-12-09T12:00:00Z")).toEqual([reference]);
    const [entry] = await db().select().from(quoteEvents).where(eq(quoteEvents.kind, "snoozed"));
    expect(entry).toMatchObject({ actorName: alex.name, detail: { until: "2026-12-02" } });
  });

  it("counts working days past a bank holiday and the day turns at midnight in London in summer time", async () => {
    // Due Friday 28 August 2026; Monday 31 August is the summer bank holiday, so three working days on is
    // Thursday 3 September, which begins at 23:00 UTC on the 2nd (BST).
    const { id, reference } = await quotedDueOn("2026-08-28");
    expect(await toChase("2026-08-27T22:59:00Z")).toEqual([]);
    expect(await toChase("2026-08-27T23:00:00Z")).toEqual([reference]);
    // 00:30 on the 28th in London is still the 27th in UTC: the snooze counts from the UK day.
    expect(await snooze(id, "2026-08-27T23:30:00Z")).toBe("2026-09-03");
    expect(await toChase("2026-08-28T12:00:00Z")).toEqual([]);
    expect(await toChase("2026-09-02T22:59:00Z")).toEqual([]);
    expect(await toChase("2026-09-02T23:00:00Z")).toEqual([reference]);
  });
});
