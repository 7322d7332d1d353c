import { Form, Link } from "react-router";
import { button } from "#app/components/button.ts";
import { cardClass } from "#app/components/card.ts";
import { Field } from "#app/components/field.tsx";
import { quoteCategories, urgencies } from "#app/content/quote-request.ts";
import { type StatusFilter, statusFilters } from "#app/desk/labels.ts";
import { statusLabels } from "#app/request/status.ts";

export type InboxSearch = Record<string, string>;

export const filterLabels: Record<StatusFilter, string> = {
  all: "All",
  open: "Open",
  waiting: "Waiting on us",
  chase: "To chase",
  ...statusLabels,
};
const ownerLabels = { "": "Everyone's", mine: "Mine", nobody: "Nobody's yet" } as const;
export type OwnerFilter = keyof typeof ownerLabels;

/** The inbox's address with some of its filters changed (undefined drops one). */
export function withParams(search: InboxSearch, changes: Record<string, string | undefined>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...search, ...changes })) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

const tabClass =
  "inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-3 font-semibold text-navy hover:bg-mist aria-[current=page]:border-navy aria-[current=page]:bg-navy aria-[current=page]:text-white";

/** Tabs by status (with their counts) and by owner; a status tab keeps the other filters, an owner tab the rest. */
export function InboxTabs({
  search,
  status,
  owner,
  tabCount,
}: {
  search: InboxSearch;
  status: StatusFilter;
  owner: OwnerFilter;
  tabCount: (filter: StatusFilter) => number;
}) {
  const filters = { owner: search.owner, urgency: search.urgency, category: search.category, q: search.q };
  return (
    <>
      <nav aria-label="Requests by status" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {statusFilters.map((filter) => (
            <li key={filter}>
              <Link
                to={withParams({}, { status: filter === "all" ? undefined : filter, ...filters })}
                aria-current={filter === status ? "page" : undefined}
                className={tabClass}
              >
                {filterLabels[filter]} <span className="rounded-full bg-black/10 px-2 text-sm">{tabCount(filter)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Requests by owner" className="mt-3">
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(ownerLabels) as OwnerFilter[]).map((key) => (
            <li key={key}>
              <Link
                to={withParams(search, { owner: key || undefined, after: undefined, before: undefined })}
                aria-current={key === owner ? "page" : undefined}
                className={tabClass}
              >
                {ownerLabels[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/** Search, urgency and category within the chosen tabs; works as a plain GET form. */
export function FilterForm({
  search,
  status,
  owner,
  errors,
}: {
  search: InboxSearch;
  status: StatusFilter;
  owner: OwnerFilter;
  errors: Record<string, string>;
}) {
  return (
    <Form
      method="get"
      className={`${cardClass} mt-4 grid grid-cols-2 items-end gap-3 sm:gap-4 lg:grid-cols-[2fr_1fr_1fr_auto]`}
      aria-label="Filter requests"
    >
      {status !== "all" ? <input type="hidden" name="status" value={status} /> : null}
      {owner ? <input type="hidden" name="owner" value={owner} /> : null}
      <Field
        name="q"
        label="Search"
        kind="input"
        type="search"
        defaultValue={search.q}
        placeholder="Reference, name, company, e-mail, phone, part number or words"
        error={errors.q}
        className="col-span-2 min-w-0 lg:col-span-1"
      />
      <Field
        name="urgency"
        label="Urgency"
        kind="select"
        options={urgencies}
        placeholder="Any urgency"
        defaultValue={search.urgency}
        error={errors.urgency}
        className="min-w-0"
      />
      <Field
        name="category"
        label="Category"
        kind="select"
        options={quoteCategories}
        placeholder="Any category"
        defaultValue={search.category}
        error={errors.category}
        className="min-w-0"
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
  );
}
