import { useEffect, useMemo, useState } from "react";
import { useRootData } from "#app/lib/root-data.ts";
import type { SearchResults } from "#app/search/engine.ts";
import { type ResultLink, type ResultSection, resultSections } from "#app/search/present.ts";

type Engine = typeof import("#app/search/engine.ts");
let engine: Engine | undefined;
/**
 * The index and its code are fetched the first time someone reaches for search. Browser only: the server
 * renders no suggestions, and keeping the import out of its bundle keeps that bundle in one piece.
 */
export const loadEngine = (): Promise<Engine> =>
  import.meta.env.SSR ? new Promise(() => {}) : import("#app/search/engine.ts").then((module) => (engine = module));

export const optionId = (id: string, index: number) => `${id}-option-${index}`;

/** Suggestions for what is typed, grouped, with a last link to every result; the engine loads on first use. */
export function useSuggestions(query: string, open: boolean) {
  const { site, categoryLinks } = useRootData();
  const [results, setResults] = useState<SearchResults>();
  useEffect(() => {
    if (!open) return;
    if (!query.trim()) return setResults(undefined);
    let current = true;
    (engine ? Promise.resolve(engine) : loadEngine()).then((loaded) => {
      if (current) setResults(loaded.search(query, 40));
    });
    return () => {
      current = false;
    };
  }, [query, open]);
  const sections = useMemo<ResultSection[]>(() => {
    if (!results) return [];
    const title = (slug: string) => categoryLinks.find((link) => link.slug === slug)?.title;
    const found = resultSections(results, query, site, title, 4);
    const all = {
      href: `/search?q=${encodeURIComponent(query.trim())}`,
      label: `See all results for “${query.trim()}”`,
    };
    return [...found, { key: "all", label: "More", links: [all] }];
  }, [results, query, site, categoryLinks]);
  return { sections, links: sections.flatMap((section) => section.links) };
}

/** The listbox of grouped suggestions; the active one stays in view as the arrows move through a long list. */
export function SuggestionList({
  id,
  sections,
  expanded,
  active,
  className,
  onHover,
  onChoose,
}: {
  id: string;
  sections: ResultSection[];
  expanded: boolean;
  active: number;
  className: string;
  onHover: (position: number) => void;
  onChoose: (link: ResultLink) => void;
}) {
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(id, active))?.scrollIntoView({ block: "nearest" });
  });
  let index = -1;
  return (
    <div
      id={`${id}-list`}
      role="listbox"
      aria-label="Suggestions"
      hidden={!expanded}
      className={`overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-left text-base text-slate-800 ${className}`}
    >
      {sections.map((section) => (
        // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group, not fieldsets
        <div key={section.key} role="group" aria-labelledby={`${id}-${section.key}`}>
          <div id={`${id}-${section.key}`} className="px-3 pt-2 pb-1 text-sm text-slate-700">
            <span className="font-bold text-navy">{section.label}</span>
            {section.note ? <span className="block break-words">{section.note}</span> : null}
          </div>
          {section.links.map((link) => {
            index += 1;
            const position = index;
            return (
              <div
                key={`${link.href}|${link.label}`}
                id={optionId(id, position)}
                role="option"
                aria-selected={position === active}
                tabIndex={-1}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => onHover(position)}
                onClick={() => onChoose(link)}
                onKeyDown={() => {}}
                className="cursor-pointer px-3 py-2 break-words aria-selected:bg-mist aria-selected:outline-2 aria-selected:outline-signal aria-selected:-outline-offset-2"
              >
                <span className="font-semibold text-steel">{link.label}</span>
                {link.detail ? <span className="block text-sm text-slate-700">{link.detail}</span> : null}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
