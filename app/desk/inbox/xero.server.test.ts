import { sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { xeroCsv } from "#app/desk/inbox/xero.server.ts";
import { checkDraft, type Draft, emptyLine } from "#app/quotation/draft.ts";
import type { Db } from "#db/client.server.ts";
import { quotationResponses } from "#db/quotation-online-schema.ts";
import { quotations, quotes } from "#db/schema.ts";
import { describeDatabase, type TestDatabase } from "#test/pg.ts";
import { sampleDraft } from "#test/quotes.ts";

/**
 * The header row of Xero's sales invoice import template (SalesInvoiceTemplate.csv, downloaded from Business ›
 * Invoices › Import; https://central.xero.com/s/article/Import-invoices-and-bills), written out here from the
 * template rather than taken from the code under test.
 */
const xeroTemplateHeader =
  "*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,Total,InventoryItemCode,*Description,*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,TaxAmount,TrackingName1,TrackingOption1,TrackingName2,TrackingOption2,Currency,BrandingTheme";

const draft = (lines: Draft["lines"], delivery: string) => sampleDraft({ lines, delivery, validUntil: "2026-12-31" });

const content = (d: Draft) => {
  const checked = checkDraft(d, "2026-11-01");
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.value;
};

describeDatabase("the won orders' file for the accounts", (target: TestDatabase) => {
  const db = (): Db => target.database.db;

  beforeEach(async () => {
    await db().execute(sql`truncate quotes restart identity cascade`);
  });

  async function won(reference: string, closedAt: string, wonValuePence: number, po: string | null) {
    const [row] = await db()
      .insert(quotes)
      .values({
        reference,
        customerName: "Dana Fitter",
        company: "Severn Foods Ltd",
        email: "dana@works.example",
        requirements: "Bearings",
        idempotencyKey: reference,
        status: "won",
        closedAt: new Date(closedAt),
        wonValuePence,
        poNumber: po,
      })
      .returning();
    if (!row) throw new Error("not stored");
    return row;
  }

  async function sent(quoteId: number, ...contents: ReturnType<typeof content>[]) {
    return db()
      .insert(quotations)
      .values(
        contents.map((c, i) => ({ quoteId, revision: i + 1, draft: {} as never, content: c, netPence: c.netPence })),
      )
      .returning();
  }

  async function records(month = "2026-11") {
    const text = await xeroCsv(db(), month, { salesAccount: "4000", dueDays: 30 });
    const [header, ...rows] = text.split("\r\n").filter(Boolean);
    expect(header).toBe(xeroTemplateHeader);
    const columns = xeroTemplateHeader.split(",");
    return rows.map((row) => Object.fromEntries(row.split(",").map((cell, i) => [columns[i], cell])));
  }
  const pick = (r: Record<string, string | undefined>) => [
    r["*InvoiceNumber"],
    r["*Description"],
    r["*Quantity"],
    r["*UnitAmount"],
    r.TaxAmount,
  ];

  it("writes Xero's template columns, one row per priced line with VAT that adds up to the quotation's, in UK dates", async () => {
    const quotation = content(
      draft(
        [
          emptyLine({
            part: "6205-2RS",
            brand: "SKF",
            description: "Deep groove bearing",
            quantity: "1",
            unitPrice: "10.03",
          }),
          emptyLine({ description: "Seal kit", quantity: "1", unitPrice: "POA" }),
          emptyLine({ description: "V-belt SPZ 1000", quantity: "1", unitPrice: "10.03" }),
        ],
        "9.95",
      ),
    );
    // VAT once on the net (£30.01): £6.00. Line by line, as Xero would work it out, £2.01 + £2.01 + £1.99.
    expect([quotation.netPence, quotation.vatPence]).toEqual([3001, 600]);
    const order = await won("Q-261103-AAAA1", "2026-11-20T23:30:00Z", quotation.netPence, "PO 4471");
    await sent(order.id, quotation);
    // Won without a quotation: one line at the order's value. Won last month: not in the file.
    await won("Q-261104-BBBB2", "2026-11-05T10:00:00Z", 50_000, null);
    await won("Q-261005-CCCC3", "2026-10-31T23:59:00Z", 1_000, null);

    const rows = await records();
    // Oldest order first; the POA seal kit has no price to invoice and is left out.
    expect(rows.map(pick)).toEqual([
      ["Q-261104-BBBB2", "Order Q-261104-BBBB2", "1", "500.00", "100.00"],
      ["Q-261103-AAAA1/1", "6205-2RS SKF: Deep groove bearing", "1", "10.03", "2.01"],
      ["Q-261103-AAAA1/1", "V-belt SPZ 1000", "1", "10.03", "2.00"],
      ["Q-261103-AAAA1/1", "Delivery", "1", "9.95", "1.99"],
    ]);
    // Closed at 23:30 UTC on 20 November: the 20th in London too (GMT); due 30 days later.
    expect(rows[1]).toMatchObject({
      "*ContactName": "Severn Foods Ltd",
      EmailAddress: "dana@works.example",
      Reference: "PO 4471",
      "*InvoiceDate": "20/11/2026",
      "*DueDate": "20/12/2026",
      "*AccountCode": "4000",
      "*TaxType": "20% (VAT on Income)",
      Currency: "GBP",
    });
  });

  it("invoices the latest revision, and the order as confirmed when its value is not that revision's net", async () => {
    const order = await won("Q-261103-AAAA1", "2026-11-20T10:00:00Z", 12_345, "PO 4471");
    const first = content(draft([emptyLine({ description: "Bearing", quantity: "4", unitPrice: "6.45" })], "0"));
    const second = content(draft([emptyLine({ description: "Other bearing", quantity: "1", unitPrice: "99" })], "0"));
    const [accepted] = await sent(order.id, first, second);
    // The buyer accepted revision 1 online; it was queried, revision 2 sent, and the order taken by phone.
    await db()
      .insert(quotationResponses)
      .values({ quotationId: accepted?.id ?? 0, quoteId: order.id, answer: "accepted", poNumber: "PO 4471" });
    expect((await records()).map(pick)).toEqual([
      ["Q-261103-AAAA1/2", "Order as confirmed against quotation Q-261103-AAAA1/2", "1", "123.45", "24.69"],
    ]);
  });

  it("counts the due date in London days across the clock change, and names a zero-rated sale as Xero does", async () => {
    const zeroRated = content(
      sampleDraft({
        lines: [emptyLine({ description: "Export order", quantity: "1", unitPrice: "100" })],
        delivery: "0",
        vatRate: "0",
        validUntil: "2026-12-31",
      }),
    );
    // 23:30 GMT on 20 March (clocks go forward on the 29th); 00:30 BST on 1 October (back on the 25th).
    const spring = await won("Q-260320-DDDD4", "2026-03-20T23:30:00Z", zeroRated.netPence, null);
    await sent(spring.id, zeroRated);
    await won("Q-261001-EEEE5", "2026-09-30T23:30:00Z", 1_000, null);
    const [march] = await records("2026-03");
    expect(march).toMatchObject({
      "*InvoiceDate": "20/03/2026",
      "*DueDate": "19/04/2026",
      "*TaxType": "Zero Rated Income",
      TaxAmount: "0.00",
    });
    const [october] = await records("2026-10");
    expect(october).toMatchObject({ "*InvoiceDate": "01/10/2026", "*DueDate": "31/10/2026" });
  });
});
