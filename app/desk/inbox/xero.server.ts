import { and, desc, eq, gte, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import { monthBounds } from "#app/desk/inbox/figures.ts";
import { londonDay } from "#app/lib/london-time.ts";
import { addDays } from "#app/lib/opening-hours.ts";
import type { CheckedQuotation } from "#app/quotation/draft.ts";
import { penceToText, quotationTotals } from "#app/quotation/money.ts";
import { csvLine } from "#app/request/csv.ts";
import { quotations, quotes } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

// The month's won orders as Xero's sales invoice import reads them (Business › Invoices › Import), so an
// order won on the desk is not typed into the accounts again. The columns are those of Xero's own
// template, in its order; Sage 50 imports the same file by mapping its columns once.

/** Xero's sales invoice template's header row, required columns starred, as its download has it. */
export const xeroColumns = [
  "*ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
  "*InvoiceNumber",
  "Reference",
  "*InvoiceDate",
  "*DueDate",
  "Total",
  "InventoryItemCode",
  "*Description",
  "*Quantity",
  "*UnitAmount",
  "Discount",
  "*AccountCode",
  "*TaxType",
  "TaxAmount",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
  "Currency",
  "BrandingTheme",
] as const;

type Column = (typeof xeroColumns)[number];

export type WonOrder = {
  reference: string;
  customerName: string;
  company: string | null;
  email: string;
  poNumber: string | null;
  closedAt: Date;
  wonValuePence: number | null;
  /** The revision the order was placed on (the latest sent: a later one replaces an acceptance); null for none. */
  quotation: { revision: number; content: CheckedQuotation } | null;
};

export type AccountsOptions = { salesAccount: string; dueDays: number };

/** "26/11/2026": the day as Xero reads dates in a UK organisation. */
const ukDate = (isoDay: string) => isoDay.split("-").reverse().join("/");

/**
 * Xero's names for the UK's VAT rates on sales ("20% (VAT on Income)"). A sale at 0 % is zero-rated, which
 * the VAT return counts (box 6), unlike "No VAT".
 */
export const taxType = (basisPoints: number) =>
  basisPoints === 0 ? "Zero Rated Income" : `${basisPoints / 100}% (VAT on Income)`;

/**
 * The VAT of each row, so that they add up to the quotation's: it charges VAT once, on the whole net (ADR
 * 0015), where Xero would round each line's and could end a penny away. Each row takes the VAT of the running
 * net less the VAT before it, so no row is more than a penny from its own share.
 */
function rowsVat(nets: number[], basisPoints: number) {
  let net = 0;
  let before = 0;
  return nets.map((rowNet) => {
    net += rowNet;
    const upToHere = quotationTotals([], net, basisPoints).vat;
    const vat = upToHere - before;
    before = upToHere;
    return vat;
  });
}

/**
 * One row per priced line of the order's revision, and one for its delivery charge, each with its VAT. Lines
 * priced on application (POA) have no price to invoice and are left out. An order won without a quotation is
 * one line at the order's value, as is one confirmed at a value other than its revision's net (agreed by phone,
 * a part of it ordered, a POA line priced): the invoice is for the order as confirmed.
 */
export function invoiceRows(order: WonOrder, options: AccountsOptions): string[][] {
  const day = londonDay(order.closedAt);
  const due = addDays(day, options.dueDays);
  const content = order.quotation?.content;
  const basisPoints = content?.vatBasisPoints ?? 2000;
  const invoice: Partial<Record<Column, string>> = {
    "*ContactName": order.company?.trim() || order.customerName,
    EmailAddress: order.email,
    "*InvoiceNumber": order.quotation ? `${order.reference}/${order.quotation.revision}` : order.reference,
    Reference: order.poNumber ?? "",
    "*InvoiceDate": ukDate(day),
    "*DueDate": ukDate(due),
    "*AccountCode": options.salesAccount,
    "*TaxType": taxType(basisPoints),
    Currency: "GBP",
  };
  const priced = (rows: { description: string; quantity: number; unitPence: number }[]) => {
    const vat = rowsVat(
      rows.map((row) => row.quantity * row.unitPence),
      basisPoints,
    );
    return rows.map((row, i) =>
      xeroColumns.map(
        (column) =>
          ({
            ...invoice,
            "*Description": row.description,
            "*Quantity": String(row.quantity),
            "*UnitAmount": penceToText(row.unitPence),
            TaxAmount: penceToText(vat[i] ?? 0),
          })[column] ?? "",
      ),
    );
  };
  const won = order.wonValuePence;
  if (!content) return priced([{ description: `Order ${order.reference}`, quantity: 1, unitPence: won ?? 0 }]);
  if (won !== null && won !== content.netPence) {
    const revision = `${order.reference}/${order.quotation?.revision}`;
    return priced([{ description: `Order as confirmed against quotation ${revision}`, quantity: 1, unitPence: won }]);
  }
  const rows = content.lines.flatMap((l) => {
    if (l.unitPence === null) return [];
    const named = [l.part, l.brand].filter(Boolean).join(" ");
    const description = named && named !== l.description ? `${named}: ${l.description}` : l.description;
    return [{ description, quantity: l.quantity, unitPence: l.unitPence }];
  });
  if (content.deliveryPence > 0) rows.push({ description: "Delivery", quantity: 1, unitPence: content.deliveryPence });
  return priced(rows);
}

/** Requests won in `month` (YYYY-MM, UK time), oldest first, with the revision each order was placed on. */
export async function wonOrders(db: Db, month: string): Promise<WonOrder[]> {
  const { since, until } = monthBounds(month);
  const won = await db
    .select({
      id: quotes.id,
      reference: quotes.reference,
      customerName: quotes.customerName,
      company: quotes.company,
      email: quotes.email,
      poNumber: quotes.poNumber,
      closedAt: quotes.closedAt,
      wonValuePence: quotes.wonValuePence,
    })
    .from(quotes)
    .where(
      and(
        eq(quotes.status, "won"),
        gte(quotes.closedAt, since),
        lt(quotes.closedAt, until),
        isNull(quotes.mergedIntoId),
      ),
    )
    .orderBy(quotes.closedAt, quotes.id);
  if (won.length === 0) return [];
  const revisions = await db
    .select({ quoteId: quotations.quoteId, revision: quotations.revision, content: quotations.content })
    .from(quotations)
    .where(
      and(
        inArray(
          quotations.quoteId,
          won.map((w) => w.id),
        ),
        isNotNull(quotations.revision),
      ),
    )
    .orderBy(desc(quotations.revision));
  return won.map(({ id, closedAt, ...order }) => {
    // The latest sent: a revision sent after an acceptance replaced it (an acceptance queried, a new price agreed).
    const chosen = revisions.find((r) => r.quoteId === id && r.content);
    return {
      ...order,
      closedAt: closedAt ?? since,
      quotation:
        chosen?.content && chosen.revision !== null ? { revision: chosen.revision, content: chosen.content } : null,
    };
  });
}

/** The month's won orders as one CSV file in Xero's sales invoice import form. */
export async function xeroCsv(db: Db, month: string, options: AccountsOptions) {
  const orders = await wonOrders(db, month);
  return [xeroColumns, ...orders.flatMap((order) => invoiceRows(order, options))].map((r) => csvLine([...r])).join("");
}
