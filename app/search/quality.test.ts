import { describe, expect, it } from "vitest";
import { search } from "#app/search/engine.ts";
import { measureQuality, queryTable } from "#app/search/query-table.ts";

describe("search quality", () => {
  it(`leads ${queryTable.length} realistic queries to the right page (top-1 ≥ 90 %, top-3 ≥ 98 %)`, () => {
    const { top1, top3, misses } = measureQuality(search);
    const percent = (n: number) => `${(n * 100).toFixed(1)} %`;
    console.log(`search quality: ${queryTable.length} queries, top-1 ${percent(top1)}, top-3 ${percent(top3)}`);
    if (misses.length) console.log(misses.join("\n"));
    expect(queryTable.length).toBeGreaterThanOrEqual(80);
    expect(top1).toBeGreaterThanOrEqual(0.9);
    expect(top3).toBeGreaterThanOrEqual(0.98);
  });
});
