import { data } from "react-router";
import { button } from "#app/components/button.ts";
import { computeMonthFigures, monthFigures } from "#app/desk/inbox/figures.server.ts";
import { askedMonth, monthOf, previousMonth } from "#app/desk/inbox/figures.ts";
import { type InboxRow, inboxPage, parseInboxQuery, statusCounts } from "#app/desk/inbox/inbox.server.ts";
import { FilterForm, filterLabels, InboxTabs, withParams } from "#app/desk/inbox/inbox-filters.tsx";
import { RequestList } from "#app/desk/inbox/inbox-list.tsx";
import { MonthFigures } from "#app/desk/inbox/month-figures.tsx";
import { type StatusFilter, statusFilters } from "#app/desk/labels.ts";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { openStatuses, quoteStatuses } from "#db/statuses.ts";
import type { Route } from "./+types/inbox";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: new URLSearchParams(location.search).get("status") === "spam" ? "Spam · Quote desk" : "Inbox · Quote desk" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(servicesContext).database.db;
  const params = new URL(request.url).searchParams;
  const parsed = parseInboxQuery(params);
  const now = new Date();
  // An earlier month's figures (?month=YYYY-MM) are worked out when asked; this month's come from the cache.
  const asked = askedMonth(params.get("month"), now);
  if (!asked.ok) throw data(`400: ${asked.message}`, { status: 400 });
  const { month } = asked;
  const [counts, figures] = await Promise.all([
    statusCounts(db),
    month === monthOf(now) ? monthFigures(db) : computeMonthFigures(db, now, month),
  ]);
  const base = {
    counts,
    figures,
    figuresMonth: { previous: previousMonth(month), current: month === monthOf(now) },
    now,
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

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { counts, figures, page, search, errors } = loaderData;
  const status = (statusFilters as readonly string[]).includes(search.status ?? "")
    ? (search.status as StatusFilter)
    : "all";
  const spam = status === "spam";
  const total = quoteStatuses.reduce((sum, s) => (s === "spam" ? sum : sum + counts[s]), 0);
  const tabCount = (filter: StatusFilter) =>
    filter === "all" ? total : filter === "open" ? openStatuses.reduce((sum, s) => sum + counts[s], 0) : counts[filter];
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
        <MonthFigures figures={figures} {...loaderData.figuresMonth} />
      )}
      <InboxTabs search={search} status={status} owner={owner} tabCount={tabCount} />
      <FilterForm search={search} status={status} owner={owner} errors={errors} />
      {errors.status || errors.after || errors.before ? (
        <p role="alert" className="mt-3 font-semibold text-red-700">
          {errors.status ?? errors.after ?? errors.before}
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold text-navy">
          {filterLabels[status]} requests{search.q ? ` matching “${search.q}”` : ""}
        </h2>
        <p className="flex flex-wrap gap-2">
          <a href={`/desk/export${withParams(search, {})}`} className={button({ variant: "quiet" })} download>
            Export CSV
          </a>
          <a href="/desk/export/xero.csv" className={button({ variant: "quiet" })} download>
            Won this month for Xero
          </a>
        </p>
      </div>
      <RequestList page={page} search={search} now={new Date(loaderData.now)} />
    </>
  );
}
