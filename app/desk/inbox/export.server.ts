import { and, sql } from "drizzle-orm";
import type { InboxQuery } from "#app/desk/inbox/inbox.server.ts";
import { inboxColumns, inboxConditions, quotesColumn } from "#app/desk/inbox/inbox.server.ts";
import { spreadsheetTime } from "#app/lib/london-time.ts";
import { penceToText } from "#app/quotation/money.ts";
import { csvLine, quoteCsvCells, quoteCsvHeader } from "#app/request/csv.ts";
import { lostReasonLabels } from "#app/request/status.ts";
import { quotationResponses } from "#db/quotation-online-schema.ts";
import { inboxPinned, quoteEvents, quoteLines, quotes } from "#db/schema.ts";
import type { LostReason } from "#db/statuses.ts";
import type { Db } from "#db/types.ts";

const header = [
  ...quoteCsvHeader,
  "Parts lines",
  "Owner",
  "Notes",
  "First reply",
  "Quotation",
  "Revision",
  "Net value",
  "PO",
  "Order value",
  "Lost reason",
  "Closed",
];

const latestRevision = (column: string) =>
  sql.raw(
    `(select ${column} from quotations where quotations.quote_id = quotes.id and quotations.revision is not null order by quotations.revision desc limit 1)`,
  );

/** The request's latest sent revision and how it ended: what the month's figures count it at. */
const outcomeColumns = {
  closedAt: quotes.closedAt,
  revision: sql<number | null>`${latestRevision("revision")}`,
  netPence: sql<string | null>`${latestRevision("net_pence")}`,
  poNumber: quotes.poNumber,
  wonValuePence: quotes.wonValuePence,
  lostReason: quotes.lostReason,
  declineText: sql<
    string | null
  >`(select ${quotationResponses.declineText} from ${quotationResponses} where ${quotationResponses.quoteId} = ${quotesColumn("id")} and ${quotationResponses.answer} = 'declined' order by ${quotationResponses.createdAt} desc limit 1)`,
};

type Outcome = {
  reference: string;
  closedAt: Date | null;
  revision: number | null;
  netPence: string | null;
  poNumber: string | null;
  wonValuePence: number | null;
  lostReason: string | null;
  declineText: string | null;
};

/** Money as a spreadsheet reads it: pounds with two decimals, no sign or separators. */
const pounds = (pence: number | string | null) => (pence === null ? "" : penceToText(Number(pence)));

function outcomeCells(q: Outcome) {
  const reason = q.lostReason ? (lostReasonLabels[q.lostReason as LostReason] ?? q.lostReason) : "";
  return [
    q.revision === null ? "" : `${q.reference}/${q.revision}`,
    q.revision === null ? "" : String(q.revision),
    pounds(q.netPence),
    q.poNumber ?? "",
    pounds(q.wonValuePence),
    q.lostReason && q.declineText ? `${reason}: ${q.declineText}` : reason,
    q.closedAt ? spreadsheetTime(q.closedAt) : "",
  ];
}

const batchSize = 500;

/**
 * The current filter as CSV, in the inbox's order, read in batches by keyset and streamed: a large
 * export never sits in memory whole, and the first bytes leave at once.
 */
export function exportCsv(db: Db, query: Omit<InboxQuery, "after" | "before">, staffId: string) {
  const encoder = new TextEncoder();
  const pinned = inboxPinned(quotes);
  let cursor: { pinned: boolean; at: string; id: number } | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A byte-order mark, so spreadsheet programs read the UTF-8 names correctly.
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
        return;
      }
      const conditions = inboxConditions(query, staffId);
      if (cursor)
        conditions.push(
          sql`(${pinned}, ${quotes.createdAt}, ${quotes.id}) < (${cursor.pinned}::boolean, ${cursor.at}::timestamptz, ${cursor.id}::integer)`,
        );
      const rows = await db
        .select({
          pinned: sql<boolean>`${pinned}`,
          at: sql<string>`${quotes.createdAt}::text`,
          id: quotes.id,
          reference: quotes.reference,
          createdAt: quotes.createdAt,
          status: quotes.status,
          urgency: quotes.urgency,
          category: quotes.category,
          customerName: quotes.customerName,
          company: quotes.company,
          email: quotes.email,
          phone: quotes.phone,
          requirements: quotes.requirements,
          firstReplyAt: quotes.firstReplyAt,
          owner: inboxColumns.ownerName,
          parts: sql<
            string | null
          >`(select string_agg(${quoteLines.quantity} || ' × ' || ${quoteLines.part} || coalesce(' (' || ${quoteLines.brand} || ')', ''), '; ' order by ${quoteLines.position}) from ${quoteLines} where ${quoteLines.quoteId} = ${quotesColumn("id")})`,
          ...outcomeColumns,
          notes: sql<number>`(select count(*)::int from ${quoteEvents} where ${quoteEvents.quoteId} = ${quotesColumn("id")} and ${quoteEvents.kind} = 'note')`,
        })
        .from(quotes)
        .where(and(...conditions))
        .orderBy(sql`${pinned} desc`, sql`${quotes.createdAt} desc`, sql`${quotes.id} desc`)
        .limit(batchSize);
      const text = rows
        .map((q) =>
          csvLine([
            ...quoteCsvCells(q),
            q.parts ?? "",
            q.owner ?? "",
            String(q.notes),
            q.firstReplyAt ? spreadsheetTime(q.firstReplyAt) : "",
            ...outcomeCells(q),
          ]),
        )
        .join("");
      if (text) controller.enqueue(encoder.encode(text));
      const last = rows.at(-1);
      if (!last || rows.length < batchSize) controller.close();
      else cursor = { pinned: last.pinned, at: last.at, id: last.id };
    },
  });
}
