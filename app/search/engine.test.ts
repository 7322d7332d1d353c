import { describe, expect, it } from "vitest";
import { search } from "#app/search/engine.ts";

describe("search", () => {
  it.each([
    ["SKF 6205", "Ball Bearings"],
    ["6205-2RS skf", "Ball Bearings"],
    ["NSK/RHP 6004 2Z", "Ball Bearings"],
    ["Gates SPZ 1250", "Belts"],
  ])("explains %s as a part number though the maker's name is with it", (query, group) => {
    expect(search(query).part?.group).toBe(group);
  });

  it("reads a maker's name alone as the maker, not as a part", () => {
    expect(search("SKF").part).toBeUndefined();
    expect(search("SKF").hits[0]?.kind).toBe("brand");
  });

  it.each([
    ["WD-40", "/products/tools-maintenance"],
    ["WD 40", "/products/tools-maintenance"],
    ["wd40", "/products/tools-maintenance"],
    ["EN388", "/products/ppe-safety"],
    ["EN 388", "/products/ppe-safety"],
    ["en-388", "/products/ppe-safety"],
  ])("finds a code however it is written: %s", (query, page) => {
    expect(search(query).pages[0]).toBe(page);
  });

  it("does not join an ordinary word to the number after it", () => {
    expect(search("hydraulic oil 46").pages[0]).toBe("/products/tools-maintenance");
  });
});
