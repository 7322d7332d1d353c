import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { exportCsv } from "#app/desk/inbox/export.server.ts";
import { computeMonthFigures } from "#app/desk/inbox/figures.server.ts";
import { monthBounds, previousMonth } from "#app/desk/inbox/figures.ts";
import type { Db } from "#db/client.server.ts";
import { quotations, quotes, staffUser } from "#db/schema.ts";
import type { QuoteStatus } from "#db/statuses.ts";
import { describeDatabase, type TestDatabase } from "#test/pg.ts";

// The figures are read at a fixed moment; every time written below is a fixed UK date, so they hold on any day.
const now = new Date("2026-11-26T12:00:00Z");
const at = (iso: string) => new Date(iso);

describe("months in UK time", () => {
  it("start at midnight in London, in summer and winter time alike", () => {
    expect(monthBounds("2026-11")).toEqual({ since: at("2026-11-01T00:00:00Z"), until: at("2026-12-01T00:00:00Z") });
    expect(monthBounds("2026-07")).toEqual({ since: at("2026-06-30T23:00:00Z"), until: at("2026-07-31T23:00:00Z") });
    expect(previousMonth("2026-01")).toBe("2025-12");
  });
});

describeDatabase("the month's figures", (target: TestDatabase) => {
  const db = (): Db => target.database.db;
  let n = 0;

  beforeEach(async () => {
    await db().execute(sql`truncate quotes, staff_user restart identity cascade`);
    await db()
      .insert(staffUser)
      .values([
        { id: "alex", name: "Alex Turner", email: "alex@wrekin-mro.example", role: "staff" as const },
        { id: "bea", name: "Bea Khan", email: "bea@wrekin-mro.example", role: "staff" as const },
      ]);
  });

  type Request = {
    created: string;
    owner?: string;
    status?: QuoteStatus;
    closed?: string;
    wonPence?: number;
    lostReason?: string;
    po?: string;
    /** Each sent revision: when it was sent and its net. */
    revisions?: [string, number][];
  };
  async function request(r: Request) {
    n++;
    const [row] = await db()
      .insert(quotes)
      .values({
        reference: `Q-261126-F${String(n).padStart(4, "0")}`,
        customerName: "Dana Fitter",
        email: "dana@works.example",
        requirements: "Bearings",
        idempotencyKey: `figures-${n}`,
        createdAt: at(r.created),
        firstReplyAt: r.revisions?.[0] ? at(r.revisions[0][0]) : null,
        ownerId: r.owner ?? null,
        status: r.status ?? (r.revisions ? "quoted" : "new"),
        closedAt: r.closed ? at(r.closed) : null,
        wonValuePence: r.wonPence ?? null,
        lostReason: r.lostReason ?? null,
        poNumber: r.po ?? null,
      })
      .returning();
    if (!row) throw new Error("not stored");
    for (const [i, [sent, net]] of (r.revisions ?? []).entries())
      await db()
        .insert(quotations)
        .values({
          quoteId: row.id,
          revision: i + 1,
          draft: {} as never,
          netPence: net,
          vatPence: net / 5,
          grossPence: net * 1.2,
          queuedAt: at(sent),
          sentAt: at(sent),
        });
    return row;
  }

  it("count a request quoted twice once, at its latest revision's net, and its order at the confirmed value", async () => {
    await request({
      created: "2026-11-02T09:00:00Z",
      owner: "alex",
      revisions: [
        ["2026-11-03T10:00:00Z", 100_000],
        ["2026-11-05T10:00:00Z", 90_000],
      ],
      status: "won",
      closed: "2026-11-10T10:00:00Z",
      wonPence: 88_000,
      po: "PO-1",
    });
    const figures = await computeMonthFigures(db(), now);
    expect(figures).toMatchObject({
      month: "2026-11",
      received: 1,
      quotationsSent: 1,
      quotedPence: 90_000,
      won: 1,
      wonPence: 88_000,
      winRate: 1,
      winRateByValue: 1,
    });
    // From the first quotation (3 Nov 10:00) to the order (10 Nov 10:00): seven days.
    expect(figures.quoteToOrderSeconds).toBe(7 * 24 * 60 * 60);
    expect(figures.people).toEqual([
      expect.objectContaining({ name: "Alex Turner", quotationsSent: 1, quotedPence: 90_000, wonPence: 88_000 }),
    ]);
  });

  it("count a request revised in a later month in the month of its latest revision only", async () => {
    await request({
      created: "2026-10-20T09:00:00Z",
      owner: "bea",
      revisions: [
        ["2026-10-21T10:00:00Z", 50_000],
        ["2026-11-04T10:00:00Z", 45_000],
      ],
    });
    const november = await computeMonthFigures(db(), now);
    const october = await computeMonthFigures(db(), now, "2026-10");
    expect(november).toMatchObject({ received: 0, quotationsSent: 1, quotedPence: 45_000 });
    expect(october).toMatchObject({ received: 1, quotationsSent: 0, quotedPence: 0 });
    // Across the months the request is quoted once.
    expect(november.quotedPence + october.quotedPence).toBe(45_000);
  });

  it("count an order won without a quotation at its value won and nothing quoted, and rate by count and value", async () => {
    await request({
      created: "2026-11-09T09:00:00Z",
      owner: "alex",
      status: "won",
      closed: "2026-11-09T11:00:00Z",
      wonPence: 30_000,
    });
    await request({
      created: "2026-11-10T09:00:00Z",
      owner: "bea",
      revisions: [["2026-11-10T12:00:00Z", 60_000]],
      status: "lost",
      closed: "2026-11-12T12:00:00Z",
      lostReason: "price",
    });
    await request({
      created: "2026-11-11T09:00:00Z",
      revisions: [["2026-11-11T12:00:00Z", 10_000]],
      status: "expired",
      closed: "2026-11-20T00:00:00Z",
    });
    // Closed last month: in none of this month's counts.
    await request({ created: "2026-10-01T09:00:00Z", status: "lost", closed: "2026-10-31T23:30:00Z" });
    const figures = await computeMonthFigures(db(), now);
    expect(figures).toMatchObject({
      received: 3,
      quotationsSent: 2,
      quotedPence: 70_000,
      won: 1,
      lost: 1,
      expired: 1,
      wonPence: 30_000,
      winRate: 1 / 3,
      winRateByValue: 30_000 / 100_000,
      quoteToOrderSeconds: null,
    });
    expect(figures.lostReasons).toMatchObject({ price: 1, other: 0 });
    // Busiest first (Bea received and quoted one), requests nobody has taken last.
    expect(figures.people.map((p) => [p.name, p.won, p.lost, p.expired, p.quotedPence])).toEqual([
      ["Bea Khan", 0, 1, 0, 60_000],
      ["Alex Turner", 1, 0, 0, 0],
      ["Nobody", 0, 0, 1, 10_000],
    ]);
  });

  it("export each request once in the CSV with its latest quotation, PO, order value, reason and UK closing time", async () => {
    const won = await request({
      created: "2026-07-01T09:00:00Z",
      owner: "alex",
      revisions: [
        ["2026-07-02T10:00:00Z", 100_000],
        ["2026-07-06T10:00:00Z", 90_050],
      ],
      status: "won",
      closed: "2026-07-10T16:30:00Z",
      wonPence: 88_000,
      po: "=PO-77",
    });
    const lost = await request({
      created: "2026-11-03T09:00:00Z",
      revisions: [["2026-11-04T10:00:00Z", 5_000]],
      status: "lost",
      closed: "2026-11-12T12:00:00Z",
      lostReason: "lead_time",
    });
    const text = await new Response(exportCsv(db(), { status: "all" }, "alex")).text();
    const [head, ...rows] = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const names = (head ?? "").split(",");
    const cells = (reference: string) => {
      const row = rows.filter((line) => line.startsWith(`${reference},`));
      expect(row).toHaveLength(1);
      const values = (row[0] ?? "").split(",");
      return Object.fromEntries(names.map((name, i) => [name, values[i]]));
    };
    expect(cells(won.reference)).toMatchObject({
      Status: "Won",
      Owner: "Alex Turner",
      Quotation: `${won.reference}/2`,
      Revision: "2",
      "Net value": "900.50",
      // A PO starting with = would run as a formula in a spreadsheet: it is written as text.
      PO: "'=PO-77",
      "Order value": "880.00",
      "Lost reason": "",
      // 16:30 UTC in July is 17:30 in London.
      Closed: "2026-07-10 17:30",
    });
    expect(cells(lost.reference)).toMatchObject({
      Status: "Lost",
      Quotation: `${lost.reference}/1`,
      "Net value": "50.00",
      PO: "",
      "Order value": "",
      "Lost reason": "Lead time",
      Closed: "2026-11-12 12:00",
    });
  });
});
