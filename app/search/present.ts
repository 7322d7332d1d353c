import { mailtoHref, type Site, telHref } from "#app/content/site.ts";
import { quoteCategoryFor, quotePrefillHref } from "#app/quote/prefill.ts";
import type { ResultKind } from "#app/search/documents.ts";
import type { SearchResults } from "#app/search/engine.ts";

/** One thing to choose: a suggestion in the box, a link on the results page. */
export type ResultLink = { href: string; label: string; detail?: string };
export type ResultSection = { key: string; label: string; note?: string; links: ResultLink[] };

const groupLabels: Record<ResultKind, string> = {
  category: "Categories",
  type: "Product types",
  brand: "Brands",
  service: "Services",
};
const groupOrder: ResultKind[] = ["category", "type", "brand", "service"];

/** What to call a category page, from its slug (the root loader's category links). */
export type CategoryTitles = (slug: string) => string | undefined;

/**
 * Results as sections: a recognised part number first (with its quote link), then categories, product types,
 * brands and services; with nothing found, the ways to ask us instead. Shared by the box and the results page.
 */
export function resultSections(
  results: Pick<SearchResults, "part" | "hits">,
  typed: string,
  site: Site,
  categoryTitle: CategoryTitles,
  perGroup: number,
): ResultSection[] {
  const sections: ResultSection[] = [];
  const { part, hits } = results;
  if (part) {
    sections.push({
      key: "part",
      label: "Part number",
      note: part.explanation,
      links: [
        {
          href: quotePrefillHref({ part: part.part, category: quoteCategoryFor[part.category] }),
          label: `Ask for a quote for ${part.part}`,
        },
        { href: part.url, label: part.group, detail: categoryTitle(part.category) },
      ],
    });
  }
  for (const kind of groupOrder) {
    const seen = new Set<string>();
    const links = hits
      .filter((hit) => hit.kind === kind && !(part && hit.title === part.group && hit.url === part.url))
      .filter((hit) => !seen.has(`${hit.title}|${hit.context}`) && seen.add(`${hit.title}|${hit.context}`))
      .slice(0, perGroup)
      .map((hit) => ({ href: hit.url, label: hit.title, detail: hit.context }));
    if (links.length) sections.push({ key: kind, label: groupLabels[kind], links });
  }
  const text = typed.trim();
  if (!part && hits.length === 0 && text) {
    sections.push({
      key: "none",
      label: "No match",
      note: `Nothing in our catalogue pages matches “${text}”, but we can still source it for you.`,
      links: [
        { href: quotePrefillHref({ part: text }), label: `Ask for a quote for “${text}”` },
        { href: telHref(site), label: `Call ${site.phoneDisplay}` },
        { href: mailtoHref(site), label: `E-mail ${site.email}` },
      ],
    });
  }
  return sections;
}
