import { Form, Link } from "react-router";
import { button } from "#app/components/button.ts";
import { cardClass } from "#app/components/card.ts";
import { input } from "#app/components/input.ts";
import { quoteCategories, urgencies } from "#app/content/quote-request.ts";
import { type StatusFilter, statusFilters } from "#app/desk/labels.ts";
import { statusLabels } from "#app/request/status.ts";

export type InboxSearch = Record<string, string>;

export const filterLabels: Record<StatusFilter, string> = { all: "All", open: "Open", ...statusLabels };
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
      <FilterField id="q" label="Search" error={errors.q} className="col-span-2 lg:col-span-1">
        <input
          id="q"
          name="q"
          type="search"
          defaultValue={search.q}
          placeholder="Reference, name, company, e-mail, phone, part number or words"
          aria-invalid={errors.q ? true : undefined}
          aria-describedby={errors.q ? "q-error" : undefined}
          className={input({ className: "mt-1.5" })}
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
      <select id={id} name={id} defaultValue={value} className={input({ className: "mt-1.5" })}>
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
