import type { CategorySlug } from "#app/content/schema.ts";
import type { QuoteCategory } from "#app/quote/schema.ts";

type Category = NonNullable<QuoteCategory>;

/** The quote category for each catalogue page (the form's values differ from the page slugs). */
export const quoteCategoryFor = {
  bearings: "bearings",
  "sealing-solutions": "sealing",
  "power-transmission": "power-transmission",
  "fluid-power": "fluid-power",
  "drives-pumps": "drives-pumps",
  "tools-maintenance": "tools-maintenance",
  "industrial-electrical": "electrical",
  "ppe-safety": "ppe",
} as const satisfies Record<CategorySlug, Category>;

/** Types only from ./schema, so links to the form do not bring the form's validation into other pages. */
const categoryValues: readonly Category[] = [...Object.values(quoteCategoryFor), "other"];

/** Longest part text carried in a link; the rest of a pasted list is better typed into the form. */
export const PREFILL_PART_MAX = 200;

export type QuotePrefill = { part?: string; category?: Category };

/** Reads `?part=…&category=…` from the home page address; anything unexpected is dropped, never trusted. */
export function readQuotePrefill(search: string): QuotePrefill {
  const params = new URLSearchParams(search);
  const part = (params.get("part") ?? "")
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, PREFILL_PART_MAX)
    .trim();
  const category = categoryValues.find((value) => value === params.get("category"));
  return { ...(part ? { part } : {}), ...(category ? { category } : {}) };
}

/** The home page's quote form with the request already started: `/?part=6205-2RS&category=bearings#quote`. */
export function quotePrefillHref({ part, category }: QuotePrefill) {
  const params = new URLSearchParams();
  if (part) params.set("part", part.slice(0, PREFILL_PART_MAX));
  if (category) params.set("category", category);
  const query = params.toString();
  return `/${query ? `?${query}` : ""}#quote`;
}
