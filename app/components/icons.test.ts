import { describe, expect, it } from "vitest";
import { contentIcons } from "#app/components/icons.tsx";
import { claims, marketing } from "#app/content/home-page.ts";

describe("content icons", () => {
  it("bundles every icon the content names", () => {
    const named = [...claims, ...marketing.points].map((item) => item.icon);
    expect(named.filter((name) => !(name in contentIcons))).toEqual([]);
  });
});
