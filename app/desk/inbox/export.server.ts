import { and, sql } from "drizzle-orm";
import type { InboxQuery } from "#app/desk/inbox/inbox.server.ts";
import { inboxColumns, inboxConditions, quotesColumn } from "#app/desk/inbox/inbox.server.ts";
import { spreadsheetTime } from "#app/lib/london-time.ts";
import { csvLine, quoteCsvCells, quoteCsvHeader } from "#app/request/csv.ts";
import { inboxPinned, quoteEvents, quoteLines, quotes } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

const header = [...quoteCsvHeader, "Parts lines", "Owner", "Notes", "First reply"];

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
