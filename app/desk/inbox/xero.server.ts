import { and, desc, eq, gte, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import { monthBounds } from "#app/desk/inbox/figures.ts";
import { londonDay } from "#app/lib/london-time.ts";
import type { CheckedQuotation } from "#app/quotation/draft.ts";
import { penceToText } from "#app/quotation/money.ts";
import { csvLine } from "#app/request/csv.ts";
import { quotationResponses } from "#db/quotation-online-schema.ts";
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
  "InventoryItemCode",
  "*Description",
  "*Quantity",
  "*UnitAmount",
  "Discount",
  "*AccountCode",
  "*TaxType",
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
  /** The revision the order was placed on (the one accepted online, else the latest sent); null for none. */
  quotation: { revision: number; content: CheckedQuotation } | null;
};

export type AccountsOptions = { salesAccount: string; dueDays: number };

/** "26/11/2026": the day as Xero reads dates in a UK organisation. */
const ukDate = (isoDay: string) => isoDay.split("-").reverse().join("/");

/** Xero's names for the UK's VAT rates on sales ("20% (VAT on Income)"); none is "No VAT". */
export const taxType = (basisPoints: number) =>
  basisPoints === 0 ? "No VAT" : `${basisPoints / 100}% (VAT on Income)`;

/**
 * One row per priced line of the order's revision, and one for its delivery charge. Lines priced on
 * application (POA) have no price to invoice and are left out. An order won without a quotation is one line
 * at the order's value.
 */
export function invoiceRows(order: WonOrder, options: AccountsOptions): string[][] {
  const day = londonDay(order.closedAt);
  const due = londonDay(new Date(order.closedAt.getTime() + options.dueDays * 24 * 60 * 60 * 1000));
  const content = order.quotation?.content;
  const invoice: Partial<Record<Column, string>> = {
    "*ContactName": order.company?.trim() || order.customerName,
    EmailAddress: order.email,
    "*InvoiceNumber": order.quotation ? `${order.reference}/${order.quotation.revision}` : order.reference,
    Reference: order.poNumber ?? "",
    "*InvoiceDate": ukDate(day),
    "*DueDate": ukDate(due),
    "*AccountCode": options.salesAccount,
    "*TaxType": taxType(content?.vatBasisPoints ?? 2000),
    Currency: "GBP",
  };
  const line = (description: string, quantity: number, unitPence: number) =>
    xeroColumns.map(
      (column) =>
        ({
          ...invoice,
          "*Description": description,
          "*Quantity": String(quantity),
          "*UnitAmount": penceToText(unitPence),
        })[column] ?? "",
    );
  if (!content) return [line(`Order ${order.reference}`, 1, order.wonValuePence ?? 0)];
  const rows = content.lines.flatMap((l) => {
    if (l.unitPence === null) return [];
    const named = [l.part, l.brand].filter(Boolean).join(" ");
    const description = named && named !== l.description ? `${named}: ${l.description}` : l.description;
    return [line(description, l.quantity, l.unitPence)];
  });
  if (content.deliveryPence > 0) rows.push(line("Delivery", 1, content.deliveryPence));
  return rows;
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
    .select({
      quoteId: quotations.quoteId,
      revision: quotations.revision,
      content: quotations.content,
      accepted: quotationResponses.id,
    })
    .from(quotations)
    .leftJoin(
      quotationResponses,
      and(eq(quotationResponses.quotationId, quotations.id), eq(quotationResponses.answer, "accepted")),
    )
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
    const own = revisions.filter((r) => r.quoteId === id && r.content);
    const chosen = own.find((r) => r.accepted !== null) ?? own[0];
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
