import { Search } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { Form, useNavigate } from "react-router";
import { MAX_QUERY_LENGTH } from "#app/lib/normalise.ts";
import type { ResultLink } from "#app/search/present.ts";
import { loadEngine, optionId, SuggestionList, useSuggestions } from "#app/site/suggestions.tsx";

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

type ComboboxState = { expanded: boolean; active: number; count: number; query: string };
type ComboboxActions = {
  open(): void;
  close(): void;
  move(position: number): void;
  choose(position: number): void;
  clear(): void;
};

/** The combobox's keys (WAI-ARIA): arrows open and move round the list, Enter follows, Escape closes then clears. */
function comboboxKey(event: KeyboardEvent<HTMLInputElement>, state: ComboboxState, act: ComboboxActions) {
  const { expanded, active, count } = state;
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    if (!expanded) return act.open();
    const next = active + (event.key === "ArrowDown" ? 1 : -1);
    act.move(next >= count ? 0 : next < 0 ? count - 1 : next);
  } else if (event.key === "Enter" && expanded && active >= 0 && active < count) {
    event.preventDefault();
    act.choose(active);
  } else if (event.key === "Escape" && (expanded || state.query)) {
    event.preventDefault();
    event.stopPropagation();
    if (expanded) act.close();
    else act.clear();
  } else if (event.key === "Home" || event.key === "End") {
    act.move(-1);
  }
}

/** The combobox's state: what is typed, whether the list is open, which suggestion is active, and its keys. */
function useCombobox(defaultValue: string, onNavigate: (() => void) | undefined) {
  const navigate = useNavigate();
  const [query, setQuery] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { sections, links } = useSuggestions(query, open);
  const expanded = open && links.length > 0;
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (link: ResultLink) => {
    close();
    onNavigate?.();
    if (/^(tel|mailto):/.test(link.href)) window.location.href = link.href;
    else navigate(link.href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) =>
    comboboxKey(
      event,
      { expanded, active, count: links.length, query },
      {
        open: () => setOpen(true),
        close,
        move: setActive,
        choose: (position) => {
          const link = links[position];
          if (link) choose(link);
        },
        clear: () => setQuery(""),
      },
    );
  return {
    query,
    active,
    sections,
    links,
    expanded,
    choose,
    onKeyDown,
    hovered: setActive,
    typed(value: string) {
      setQuery(value);
      setOpen(true);
      setActive(-1);
    },
    focused() {
      loadEngine();
      setOpen(true);
    },
    blurred: () => setOpen(false),
    submitted() {
      setOpen(false);
      onNavigate?.();
    },
  };
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
  const id = useId();
  const box = useCombobox(defaultValue, onNavigate);
  useSearchShortcut(variant === "bar");

  const style = styles[variant];
  return (
    <Form method="get" action="/search" role="search" aria-label="Site" className={style.form} onSubmit={box.submitted}>
      <div className="relative">
        <label htmlFor={`${id}-input`} className="sr-only">
          Search products, part numbers and brands
        </label>
        <input
          id={`${id}-input`}
          data-site-search=""
          type="search"
          name="q"
          role="combobox"
          aria-expanded={box.expanded}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={box.expanded && box.active >= 0 ? optionId(id, box.active) : undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={MAX_QUERY_LENGTH}
          // biome-ignore lint/a11y/noAutofocus: only on the search page, where typing is the point
          autoFocus={autoFocus}
          placeholder="Search part no., product or brand"
          value={box.query}
          onChange={(event) => box.typed(event.target.value)}
          onFocus={box.focused}
          onPointerEnter={() => loadEngine()}
          onBlur={box.blurred}
          onKeyDown={box.onKeyDown}
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
      <SuggestionList
        id={id}
        sections={box.sections}
        expanded={box.expanded}
        active={box.active}
        className={style.list}
        onHover={box.hovered}
        onChoose={box.choose}
      />
      <p role="status" className="sr-only">
        {box.expanded ? `${box.links.length} suggestions. Use the up and down arrows to choose one.` : ""}
      </p>
    </Form>
  );
}
