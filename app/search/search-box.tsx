import { Search } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { useRootData } from "#app/lib/root-data.ts";
import type { SearchResults } from "#app/search/engine.ts";
import { MAX_QUERY_LENGTH } from "#app/search/normalise.ts";
import { type ResultLink, type ResultSection, resultSections } from "#app/search/present.ts";

type Engine = typeof import("#app/search/engine.ts");
let engine: Engine | undefined;
/**
 * The index and its code are fetched the first time someone reaches for search. Browser only: the server
 * renders no suggestions, and keeping the import out of its bundle keeps that bundle in one piece.
 */
const loadEngine = (): Promise<Engine> =>
  import.meta.env.SSR ? new Promise(() => {}) : import("#app/search/engine.ts").then((module) => (engine = module));

type Variant = "bar" | "panel" | "page";

const styles: Record<Variant, { form: string; input: string; list: string }> = {
  bar: {
    form: "relative min-w-56 max-w-md flex-1",
    input: "h-9 text-sm",
    list: "absolute top-full left-0 z-50 mt-1 w-[min(30rem,calc(100vw-2rem))] max-h-[70vh] shadow-xl",
  },
  panel: { form: "relative", input: "h-12 text-base", list: "mt-2 max-h-[55vh]" },
  page: {
    form: "relative",
    input: "h-12 text-base",
    list: "absolute top-full right-0 left-0 z-30 mt-1 max-h-[60vh] shadow-xl",
  },
};

/** Keyboard users reach search with "/" or Ctrl/⌘-K, unless they are typing somewhere. */
function useSearchShortcut(enabled: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      const slash = event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey;
      const commandK = event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey;
      if (!slash && !commandK) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])")) return;
      event.preventDefault();
      const boxes = [...document.querySelectorAll<HTMLInputElement>("input[data-site-search]")];
      const box = boxes.find((input) => input.offsetParent !== null);
      if (box) {
        box.focus();
        box.select();
      } else navigate("/search");
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, enabled]);
}

/** Lets a dialog around the box leave Escape to the box while its suggestions are open. */
export const searchListOpen = () =>
  document.activeElement?.matches("input[data-site-search][aria-expanded='true']") ?? false;

/**
 * The site search: a WAI-ARIA combobox with grouped suggestions as you type, and without JavaScript a plain
 * GET form to /search. `bar` sits in the header's top bar (and owns the keyboard shortcut), `panel` in the
 * phone menu, `page` on the results page.
 */
export function SearchBox({
  variant,
  defaultValue = "",
  autoFocus,
  onNavigate,
}: {
  variant: Variant;
  defaultValue?: string;
  autoFocus?: boolean;
  onNavigate?: () => void;
}) {
  const { site, categoryLinks } = useRootData();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(defaultValue);
  const [results, setResults] = useState<SearchResults>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  useSearchShortcut(variant === "bar");

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
  const links = sections.flatMap((section) => section.links);
  const expanded = open && links.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  const choose = (link: ResultLink) => {
    setOpen(false);
    setActive(-1);
    onNavigate?.();
    if (/^(tel|mailto):/.test(link.href)) window.location.href = link.href;
    else navigate(link.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        return;
      }
      const next = active + (event.key === "ArrowDown" ? 1 : -1);
      setActive(next >= links.length ? 0 : next < 0 ? links.length - 1 : next);
    } else if (event.key === "Enter" && expanded && links[active]) {
      event.preventDefault();
      choose(links[active]);
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      } else if (query) {
        event.preventDefault();
        event.stopPropagation();
        setQuery("");
      }
    } else if (event.key === "Home" || event.key === "End") {
      setActive(-1);
    }
  };

  // The active suggestion stays in view as the arrows move through a long list.
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  });

  let index = -1;
  const style = styles[variant];
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label="Site"
      className={style.form}
      onSubmit={() => {
        setOpen(false);
        onNavigate?.();
      }}
    >
      <div className="relative">
        <label htmlFor={`${id}-input`} className="sr-only">
          Search products, part numbers and brands
        </label>
        <input
          ref={input}
          id={`${id}-input`}
          data-site-search=""
          type="search"
          name="q"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={MAX_QUERY_LENGTH}
          // biome-ignore lint/a11y/noAutofocus: only on the search page, where typing is the point
          autoFocus={autoFocus}
          placeholder="Search part no., product or brand"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => {
            loadEngine();
            setOpen(true);
          }}
          onPointerEnter={() => loadEngine()}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className={`block w-full rounded-md border border-slate-400 bg-white pr-11 pl-3 text-slate-900 placeholder:text-slate-600 [&::-webkit-search-cancel-button]:hidden ${style.input}`}
        />
        <button
          type="submit"
          className="absolute top-0 right-0 inline-flex h-full w-11 items-center justify-center rounded-r-md text-steel hover:bg-mist"
        >
          <Search aria-hidden="true" className="size-5" />
          <span className="sr-only">Search</span>
        </button>
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className={`overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-left text-base text-slate-800 ${style.list}`}
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
                  id={optionId(position)}
                  role="option"
                  aria-selected={position === active}
                  tabIndex={-1}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(position)}
                  onClick={() => choose(link)}
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
      <p role="status" className="sr-only">
        {expanded ? `${links.length} suggestions. Use the up and down arrows to choose one.` : ""}
      </p>
    </Form>
  );
}
