import { Link } from "react-router";
import { button } from "#app/components/button.ts";
import { cardClass } from "#app/components/card.ts";
import type { InboxRow } from "#app/desk/inbox/inbox.server.ts";
import { type InboxSearch, withParams } from "#app/desk/inbox/inbox-filters.tsx";
import { spamReasonLabel } from "#app/desk/labels.ts";
import { CustomerRepliedBadge, ResponseClock, StatusBadge, UrgencyBadge } from "#app/desk/ui.tsx";
import { formatWhen } from "#app/lib/london-time.ts";
import { categoryLabel } from "#app/request/fields.ts";
import { isOpen } from "#app/request/status.ts";

/** One page of requests, with the way to newer and older pages. */
export function RequestList({
  page,
  search,
  now,
}: {
  page: { rows: InboxRow[]; newer?: string; older?: string };
  search: InboxSearch;
  now: Date;
}) {
  return (
    <>
      {page.rows.length === 0 ? (
        <p className={`${cardClass} mt-3`}>No requests match.</p>
      ) : (
        <ol className="mt-3 space-y-2" aria-label="Requests">
          {page.rows.map((row) => (
            <InboxItem key={row.id} row={row} now={now} chase={search.status === "chase"} />
          ))}
        </ol>
      )}
      <nav aria-label="Pages" className="mt-4 flex flex-wrap justify-between gap-3">
        {page.newer ? (
          <Link to={withParams(search, { before: page.newer })} className={button({ variant: "quiet" })}>
            ← Newer
          </Link>
        ) : (
          <span />
        )}
        {page.older ? (
          <Link to={withParams(search, { after: page.older })} className={button({ variant: "quiet" })}>
            Older →
          </Link>
        ) : null}
      </nav>
    </>
  );
}

function InboxItem({ row, now, chase }: { row: InboxRow; now: Date; chase: boolean }) {
  const flagged = row.status !== "spam" && row.spamReasons.length > 0;
  const emergency = row.urgency === "emergency" && isOpen(row.status);
  return (
    <li
      className={`rounded-lg border bg-white p-3 shadow-sm sm:p-4 ${emergency ? "border-l-8 border-red-700" : row.customerRepliedAt ? "border-l-8 border-navy" : "border-slate-200"}`}
    >
      <div className="grid grid-cols-1 gap-x-4 gap-y-1 md:grid-cols-[minmax(9rem,auto)_1fr_auto]">
        <p className="font-mono font-bold">
          <Link
            to={`/desk/quotes/${row.reference}`}
            className="text-steel underline underline-offset-2 hover:text-navy"
          >
            {row.reference}
          </Link>
        </p>
        <p className="min-w-0 break-words">
          <bdi className="font-semibold">{row.customerName}</bdi>
          {row.company ? (
            <span className="text-slate-700">
              {" · "}
              <bdi>{row.company}</bdi>
            </span>
          ) : null}
        </p>
        <p className="flex flex-wrap items-center gap-2 md:justify-end">
          <CustomerRepliedBadge at={row.customerRepliedAt} />
          <StatusBadge status={row.status} />
          <UrgencyBadge urgency={row.urgency} />
        </p>
        <p className="text-sm text-slate-700">
          <time dateTime={new Date(row.createdAt).toISOString()}>{formatWhen(row.createdAt, now)}</time>
        </p>
        <p className="text-sm text-slate-700">
          {categoryLabel(row.category ?? undefined)} ·{" "}
          {row.ownerName ? (
            <>
              Owner: <bdi>{row.ownerName}</bdi>
            </>
          ) : (
            "No owner"
          )}
        </p>
        <p className="md:text-right">
          <ResponseClock quote={row} now={now} />
        </p>
      </div>
      {chase && row.status === "quoted" ? (
        <p className="mt-2">
          {/* The request's page shows the chaser and asks before it is sent. */}
          <Link to={`/desk/quotes/${row.reference}?chaser=#answer-chase`} className={button({ variant: "quiet" })}>
            Send a chaser…<span className="sr-only"> about {row.reference}</span>
          </Link>
        </p>
      ) : null}
      {row.status === "spam" || flagged ? (
        <p className="mt-2 text-sm text-slate-800">
          <span className="font-semibold">{flagged ? "Possible spam: " : "Held because: "}</span>
          {row.spamReasons.map(spamReasonLabel).join("; ") || "no reason recorded"}
        </p>
      ) : null}
    </li>
  );
}
