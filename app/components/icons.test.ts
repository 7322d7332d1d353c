import { describe, expect, it } from "vitest";
import { claims, marketing } from "../content/home";
import { contentIcons } from "./icons";

describe("content icons", () => {
  it("bundles every icon the content names", () => {
    const named = [...claims, ...marketing.points].map((item) => item.icon);
    expect(named.filter((name) => !(name in contentIcons))).toEqual([]);
  });
});
