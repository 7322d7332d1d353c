import { data, Form, Link } from "react-router";
import { button } from "#app/components/button.ts";
import { type InboxRow, inboxPage, monthFigures, parseInboxQuery, statusCounts } from "#app/desk/inbox.server.ts";
import { formatDuration, type StatusFilter, spamReasonLabel, statusFilters, statusLabels } from "#app/desk/labels.ts";
import { staffContext } from "#app/desk/session.server.ts";
import { CustomerRepliedBadge, cardClass, ResponseClock, StatusBadge, UrgencyBadge } from "#app/desk/ui.tsx";
import { servicesContext } from "#app/lib/context.ts";
import { formatWhen } from "#app/lib/london-time.ts";
import { formatPence } from "#app/quotation/money.ts";
import { categoryLabel, quoteCategories, urgencies } from "#app/quote/schema.ts";
import type { QuoteStatus } from "#db/schema.ts";
import type { Route } from "./+types/inbox";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: new URLSearchParams(location.search).get("status") === "spam" ? "Spam · Quote desk" : "Inbox · Quote desk" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(servicesContext).database.db;
  const params = new URL(request.url).searchParams;
  const parsed = parseInboxQuery(params);
  const [counts, figures] = await Promise.all([statusCounts(db), monthFigures(db)]);
  const base = {
    counts,
    figures,
    now: new Date(),
    search: Object.fromEntries(["status", "owner", "urgency", "category", "q"].map((k) => [k, params.get(k) ?? ""])),
  };
  if (!parsed.ok)
    return data(
      { ...base, errors: parsed.errors, page: { rows: [] as InboxRow[], newer: undefined, older: undefined } },
      { status: 422 },
    );
  return {
    ...base,
    errors: {} as Record<string, string>,
    page: await inboxPage(db, parsed.query, context.get(staffContext).id),
  };
}

const filterLabels: Record<StatusFilter, string> = { all: "All", open: "Open", ...statusLabels };
const ownerLabels = { "": "Everyone's", mine: "Mine", nobody: "Nobody's yet" } as const;

function withParams(search: Record<string, string>, changes: Record<string, string | undefined>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...search, ...changes })) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { counts, figures, page, search, errors } = loaderData;
  const now = new Date(loaderData.now);
  const status = (statusFilters as readonly string[]).includes(search.status ?? "")
    ? (search.status as StatusFilter)
    : "all";
  const spam = status === "spam";
  const total = Object.entries(counts).reduce((sum, [s, n]) => (s === "spam" ? sum : sum + n), 0);
  const tabCount = (filter: StatusFilter) =>
    filter === "all" ? total : filter === "open" ? counts.new + counts.in_progress : counts[filter as QuoteStatus];
  const filters = { owner: search.owner, urgency: search.urgency, category: search.category, q: search.q };
  const owner = search.owner === "mine" || search.owner === "nobody" ? search.owner : "";
  return (
    <>
      <h1 className="text-2xl font-bold text-navy">{spam ? "Spam folder" : "Inbox"}</h1>
      {spam ? (
        <p className="mt-2 max-w-prose">
          Requests held as likely spam were stored but nobody was notified. If one is real, open it and choose “Not
          spam”: it moves to New and the notification goes out.
        </p>
      ) : (
        <dl className="mt-4 grid grid-cols-3 gap-2 sm:gap-3">
          <Figure label="Requests this month" value={String(figures.received)} />
          <Figure
            label="Median time to first reply"
            value={figures.medianSeconds === null ? "—" : formatDuration(figures.medianSeconds)}
          />
          <Figure
            label="90% replied within"
            value={figures.p90Seconds === null ? "—" : formatDuration(figures.p90Seconds)}
          />
        </dl>
      )}
      {spam ? null : (
        <>
          <p className="mt-2 text-sm text-slate-700">
            Times to first reply count each unanswered request by its age so far ({figures.unanswered} unanswered this
            month). A first reply is a quotation or reply that left by e-mail, or a phone reply recorded.
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
            <Figure label="Quotations sent" value={String(figures.quotationsSent)} />
            <Figure label="Value quoted (net)" value={formatPence(figures.quotedPence)} />
            <Figure label="Value won (net)" value={formatPence(figures.wonPence)} />
            <Figure
              label="Win rate"
              value={
                figures.winRate === null
                  ? "—"
                  : `${Math.round(figures.winRate * 100)}% of ${figures.won + figures.lost}`
              }
            />
          </dl>
        </>
      )}

      <nav aria-label="Requests by status" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {statusFilters.map((filter) => (
            <li key={filter}>
              <Link
                to={withParams({}, { status: filter === "all" ? undefined : filter, ...filters })}
                aria-current={filter === status ? "page" : undefined}
                className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-3 font-semibold text-navy hover:bg-mist aria-[current=page]:border-navy aria-[current=page]:bg-navy aria-[current=page]:text-white"
              >
                {filterLabels[filter]} <span className="rounded-full bg-black/10 px-2 text-sm">{tabCount(filter)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Requests by owner" className="mt-3">
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(ownerLabels) as (keyof typeof ownerLabels)[]).map((key) => (
            <li key={key}>
              <Link
                to={withParams(search, { owner: key || undefined, after: undefined, before: undefined })}
                aria-current={key === owner ? "page" : undefined}
                className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-3 font-semibold text-navy hover:bg-mist aria-[current=page]:border-navy aria-[current=page]:bg-navy aria-[current=page]:text-white"
              >
                {ownerLabels[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <Form
        method="get"
        className={`${cardClass} mt-4 grid grid-cols-2 items-end gap-3 sm:gap-4 lg:grid-cols-[2fr_1fr_1fr_auto]`}
        aria-label="Filter requests"
      >
        {status !== "all" ? <input type="hidden" name="status" value={status} /> : null}
        {owner ? <input type="hidden" name="owner" value={owner} /> : null}
        <FilterField id="q" label="Search" error={errors.q} className="col-span-2 lg:col-span-1">
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={search.q}
            placeholder="Reference, name, company, e-mail, phone, part number or words"
            aria-invalid={errors.q ? true : undefined}
            aria-describedby={errors.q ? "q-error" : undefined}
            className="mt-1.5 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5"
          />
        </FilterField>
        <FilterSelect
          id="urgency"
          label="Urgency"
          error={errors.urgency}
          value={search.urgency}
          anyLabel="Any urgency"
          options={urgencies}
        />
        <FilterSelect
          id="category"
          label="Category"
          error={errors.category}
          value={search.category}
          anyLabel="Any category"
          options={quoteCategories}
        />
        <div className="col-span-2 flex flex-wrap gap-2 lg:col-span-1">
          <button type="submit" className={button({ variant: "steel" })}>
            Filter
          </button>
          <Link
            to={`/desk${withParams({}, { status: status === "all" ? undefined : status, owner: owner || undefined })}`}
            className={button({ variant: "quiet" })}
          >
            Clear
          </Link>
        </div>
      </Form>
      {errors.status || errors.after || errors.before ? (
        <p role="alert" className="mt-3 font-semibold text-red-700">
          {errors.status ?? errors.after ?? errors.before}
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold text-navy">
          {filterLabels[status]} requests{search.q ? ` matching “${search.q}”` : ""}
        </h2>
        <a href={`/desk/export${withParams(search, {})}`} className={button({ variant: "quiet" })} download>
          Export CSV
        </a>
      </div>

      {page.rows.length === 0 ? (
        <p className={`${cardClass} mt-3`}>No requests match.</p>
      ) : (
        <ol className="mt-3 space-y-2" aria-label="Requests">
          {page.rows.map((row) => (
            <InboxItem key={row.id} row={row} now={now} />
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

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="mt-1 text-lg font-bold text-navy sm:text-2xl">{value}</dd>
    </div>
  );
}

/** A filter chosen from a fixed list, with "any" first. */
function FilterSelect({
  id,
  label,
  error,
  value,
  anyLabel,
  options,
}: {
  id: string;
  label: string;
  error?: string;
  value?: string;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <FilterField id={id} label={label} error={error}>
      <select
        id={id}
        name={id}
        defaultValue={value}
        className="mt-1.5 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5"
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

function FilterField({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`min-w-0 ${className ?? ""}`}>
      <label htmlFor={id} className="block font-semibold text-navy">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function InboxItem({ row, now }: { row: InboxRow; now: Date }) {
  const flagged = row.status !== "spam" && row.spamReasons.length > 0;
  const emergency = row.urgency === "emergency" && (row.status === "new" || row.status === "in_progress");
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
          <span className="font-semibold">{row.customerName}</span>
          {row.company ? <span className="text-slate-700"> · {row.company}</span> : null}
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
          {categoryLabel(row.category ?? undefined)} · {row.ownerName ? `Owner: ${row.ownerName}` : "No owner"}
        </p>
        <p className="md:text-right">
          <ResponseClock quote={row} now={now} />
        </p>
      </div>
      {row.status === "spam" || flagged ? (
        <p className="mt-2 text-sm text-slate-800">
          <span className="font-semibold">{flagged ? "Possible spam: " : "Held because: "}</span>
          {row.spamReasons.map(spamReasonLabel).join("; ") || "no reason recorded"}
        </p>
      ) : null}
    </li>
  );
}
