import MiniSearch, { type Query } from "minisearch";
import { categories } from "#app/content/catalogue.ts";
import { type SynonymGroup, synonymGroups } from "#app/content/search-synonyms.ts";
import { fold, indexTerm, words } from "#app/lib/normalise.ts";
import { categoryUrl, type ResultKind, type SearchDocument, searchDocuments } from "#app/search/documents.ts";
import { type PartMatch, recognisePart } from "#app/search/part-numbers.ts";

export type SearchHit = Pick<SearchDocument, "id" | "kind" | "title" | "context" | "url"> & { score: number };
export type SearchResults = {
  query: string;
  part?: PartMatch & { url: string };
  hits: SearchHit[];
  /** Pages in order of relevance (paths without the hash): what "top-1" and "top-3" are measured on. */
  pages: string[];
};

/** Hits scoring under this share of the best one are left out. */
const MIN_RELATIVE_SCORE = 0.15;

const kindBoost: Record<ResultKind, number> = { category: 1.4, type: 1.1, brand: 1.2, service: 1 };

const tokenize = (text: string) => words(text);
const processTerm = (term: string) => indexTerm(term);

function createIndex() {
  const index = new MiniSearch<SearchDocument>({
    fields: ["title", "keywords", "text", "context"],
    storeFields: ["kind", "title", "context", "url"],
    tokenize,
    processTerm,
    searchOptions: {
      boost: { title: 4, keywords: 2, context: 0.5, text: 1 },
      // One slip forgiven from four letters, two from seven ("hydrolic" → "hydraulic").
      fuzzy: (term) => (term.length >= 7 ? 2 : term.length >= 4 ? 1 : 0),
      prefix: (term) => term.length >= 3,
      weights: { fuzzy: 0.4, prefix: 0.6 },
      boostDocument: (_id, _term, stored) => kindBoost[(stored?.kind as ResultKind) ?? "type"],
    },
  });
  index.addAll(searchDocuments());
  return index;
}

/** Each synonym term as the words the index sees, so "O-rings" and "o ring" meet. */
const indexWords = (text: string) => tokenize(text).flatMap((w) => processTerm(w) ?? []);

type Concept = { alternatives: string[][] };

/**
 * Standards and product codes are written joined, spaced or hyphenated ("EN388", "EN 388", "WD-40"): one or two
 * letters and the number after them, as one word and as two.
 */
const code = /^([a-z]{1,2})(\d+)$/;

/**
 * Splits the query into concepts: runs of words that form a synonym term become one concept with all the
 * group's terms as alternatives; a code is one concept however it is written; every other word stands for itself.
 */
export function concepts(query: string, groups: readonly SynonymGroup[] = synonymGroups): Concept[] {
  const terms = groups.map((group) => group.terms.map(indexWords));
  const queryWords = indexWords(query);
  const found: Concept[] = [];
  let i = 0;
  while (i < queryWords.length) {
    const word = queryWords[i] ?? "";
    const next = queryWords[i + 1] ?? "";
    // A code written apart ("wd 40") is read joined, then spelt both ways.
    const joined = /^[a-z]{1,2}$/.test(word) && /^\d+$/.test(next) ? `${word}${next}` : undefined;
    const [codeWord, letters, number] = code.exec(joined ?? word) ?? [];
    let best: { length: number; group: number } | undefined;
    terms.forEach((group, g) => {
      for (const term of group) {
        const fits = term.length > 0 && term.every((w, k) => queryWords[i + k] === w);
        if (fits && term.length > (best?.length ?? 0)) best = { length: term.length, group: g };
        // "WD-40" meets the term "wd40".
        if (joined && term.length === 1 && term[0] === joined && 2 > (best?.length ?? 0))
          best = { length: 2, group: g };
      }
    });
    if (best) {
      found.push({ alternatives: terms[best.group] ?? [] });
      i += best.length;
    } else {
      found.push({ alternatives: codeWord && letters && number ? [[codeWord], [letters, number]] : [[word]] });
      i += joined ? 2 : 1;
    }
  }
  return found;
}

function conceptQuery(concept: Concept): Query {
  return {
    combineWith: "OR",
    queries: concept.alternatives.map((term) => ({ combineWith: "AND", queries: [term.join(" ")] })),
  };
}

/**
 * Pages by their best hit, plus a quarter of the next two: a page with several good matches ("gearbox" on
 * Drives & Pumps) outranks one that mentions the word often in a single place.
 */
function rankPages(hits: SearchHit[]) {
  const byPage = new Map<string, number[]>();
  for (const hit of hits) {
    const page = hit.url.split("#")[0] ?? hit.url;
    byPage.set(page, [...(byPage.get(page) ?? []), hit.score]);
  }
  const score = ([best = 0, second = 0, third = 0]: number[]) => best + (second + third) / 4;
  return [...byPage.entries()].sort((a, b) => score(b[1]) - score(a[1])).map(([page]) => page);
}

let index: MiniSearch<SearchDocument> | undefined;

const brandWords = new Set(categories.flatMap((category) => category.brands.flatMap((brand) => words(brand.name))));

/** A part number, also when the buyer wrote the maker's name with it ("SKF 6205-2RS"). */
function partIn(query: string) {
  const withoutBrands = words(query).filter((word) => !brandWords.has(word));
  return recognisePart(query) ?? (withoutBrands.length ? recognisePart(withoutBrands.join(" ")) : undefined);
}

/** Searches the catalogue: part numbers first, then the words (all of them if possible, else any). */
export function search(rawQuery: string, limit = 24): SearchResults {
  const query = fold(rawQuery);
  const empty: SearchResults = { query, hits: [], pages: [] };
  if (!query) return empty;
  index ??= createIndex();
  const recognised = partIn(query);
  const part = recognised && { ...recognised, url: categoryUrl(recognised.category) };
  const parts = concepts(query);
  if (parts.length === 0 && !part) return empty;
  const run = (combineWith: "AND" | "OR") =>
    parts.length ? (index?.search({ combineWith, queries: parts.map(conceptQuery) }) ?? []) : [];
  let found = run("AND");
  if (found.length === 0) found = run("OR");
  if (found.length === 0 && part) {
    found = index.search(part.group, {
      combineWith: "AND",
      filter: (r) => r.url === part.url && (r.kind === "category" || r.title === part.group),
    });
  }
  const hits = found
    .map((r) => ({
      id: String(r.id),
      kind: r.kind as ResultKind,
      title: String(r.title),
      context: String(r.context),
      url: String(r.url),
      // A recognised part number puts its own category's documents first.
      score: r.score * (part && String(r.url) === part.url ? 3 : 1),
    }))
    .sort((a, b) => b.score - a.score);
  // Faint matches (one fuzzy word of several) only crowd out the good ones.
  const best = hits[0]?.score ?? 0;
  const kept = hits.filter((hit) => hit.score >= best * MIN_RELATIVE_SCORE).slice(0, limit);
  const pages = [...new Set([...(part ? [part.url] : []), ...rankPages(kept)])];
  return { query, part, hits: kept, pages };
}
