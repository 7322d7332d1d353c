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
  "*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,InventoryItemCode,*Description,*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,TrackingName1,TrackingOption1,TrackingName2,TrackingOption2,Currency,BrandingTheme";

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

  it("writes Xero's template columns and one row per priced line of the accepted revision, in UK dates", async () => {
    const order = await won("Q-261103-AAAA1", "2026-11-20T23:30:00Z", 12_345, "PO 4471");
    const first = content(
      draft(
        [
          emptyLine({
            part: "6205-2RS",
            brand: "SKF",
            description: "Deep groove bearing",
            quantity: "4",
            unitPrice: "6.45",
          }),
          emptyLine({ description: "Seal kit", quantity: "1", unitPrice: "POA" }),
          emptyLine({ description: "V-belt SPZ 1000", quantity: "2", unitPrice: "12.50" }),
        ],
        "9.95",
      ),
    );
    const second = content(draft([emptyLine({ description: "Other bearing", quantity: "1", unitPrice: "99" })], "0"));
    const [accepted] = await db()
      .insert(quotations)
      .values([
        { quoteId: order.id, revision: 1, draft: {} as never, content: first, netPence: first.netPence },
        { quoteId: order.id, revision: 2, draft: {} as never, content: second, netPence: second.netPence },
      ])
      .returning();
    if (!accepted) throw new Error("not stored");
    // The buyer accepted revision 1 online, although a second was sent after it.
    await db()
      .insert(quotationResponses)
      .values({ quotationId: accepted.id, quoteId: order.id, answer: "accepted", poNumber: "PO 4471" });
    // Won without a quotation: one line at the order's value. Won last month: not in the file.
    await won("Q-261104-BBBB2", "2026-11-05T10:00:00Z", 50_000, null);
    await won("Q-261005-CCCC3", "2026-10-31T23:59:00Z", 1_000, null);

    const text = await xeroCsv(db(), "2026-11", { salesAccount: "4000", dueDays: 30 });
    const [header, ...rows] = text.split("\r\n").filter(Boolean);
    expect(header).toBe(xeroTemplateHeader);
    const columns = xeroTemplateHeader.split(",");
    const records = rows.map((row) => Object.fromEntries(row.split(",").map((cell, i) => [columns[i], cell])));
    const pick = (r: Record<string, string | undefined>) => [
      r["*InvoiceNumber"],
      r["*Description"],
      r["*Quantity"],
      r["*UnitAmount"],
    ];
    // Oldest order first; the POA seal kit has no price to invoice and is left out.
    expect(records.map(pick)).toEqual([
      ["Q-261104-BBBB2", "Order Q-261104-BBBB2", "1", "500.00"],
      ["Q-261103-AAAA1/1", "6205-2RS SKF: Deep groove bearing", "4", "6.45"],
      ["Q-261103-AAAA1/1", "V-belt SPZ 1000", "2", "12.50"],
      ["Q-261103-AAAA1/1", "Delivery", "1", "9.95"],
    ]);
    // Closed at 23:30 UTC on 20 November: the 20th in London too (GMT); due 30 days later.
    expect(records[1]).toMatchObject({
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
});
