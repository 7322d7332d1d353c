import { describe, expect, it } from "vitest";
import { synonymGroups } from "#app/content/search-synonyms.ts";
import { indexTerm, words } from "#app/lib/normalise.ts";
import { searchDocuments } from "#app/search/documents.ts";
import { concepts } from "#app/search/engine.ts";

const asIndexed = (text: string) =>
  words(text)
    .flatMap((w) => indexTerm(w) ?? [])
    .join(" ");

describe("search synonyms", () => {
  it("every group has at least two distinct terms, each readable by the index", () => {
    for (const { terms } of synonymGroups) {
      expect(terms.length, terms.join(", ")).toBeGreaterThanOrEqual(2);
      for (const term of terms) expect(asIndexed(term), term).not.toBe("");
    }
  });

  it("no term belongs to two groups", () => {
    const seen = new Map<string, number>();
    synonymGroups.forEach(({ terms }, group) => {
      for (const term of terms.map(asIndexed)) {
        expect(seen.get(term) ?? group, `"${term}" is in two groups`).toBe(group);
        seen.set(term, group);
      }
    });
  });

  it("each group leads somewhere: one of its terms is in the catalogue", () => {
    const catalogue = ` ${searchDocuments()
      .map((d) => asIndexed([d.title, d.keywords, d.text, d.context].join(" ")))
      .join(" ")} `;
    const unused = synonymGroups.filter(
      ({ terms }) => !terms.some((term) => catalogue.includes(` ${asIndexed(term)} `)),
    );
    expect(unused.map(({ terms }) => terms.join(", "))).toEqual([]);
  });

  it("treats the trade's words alike: vee/V, o ring/O-ring, hyd/hydraulic, PPE/safety, circlip/retaining ring, contactor/starter", () => {
    const same = (a: string, b: string) => expect(concepts(a)).toEqual(concepts(b));
    same("vee belt", "V-belt");
    same("o ring", "O-ring");
    same("ORINGS", "o rings");
    same("hyd", "hydraulic");
    same("PPE", "safety");
    same("circlip", "retaining ring");
    same("contactor", "starter");
  });
});
