import { describe, expect, it } from "vitest";
import * as accessibility from "#app/content/accessibility.ts";
import * as catalogue from "#app/content/catalogue.ts";
import * as home from "#app/content/home-page.ts";
import { defaultSite, tradeCounterAddress, withIdentity } from "#app/content/site.ts";

const copy = JSON.stringify({ accessibility, catalogue, home });
const elsewhere = { ...defaultSite, tradeCounter: { ...defaultSite.tradeCounter, locality: "Wellington" } };

describe("identity in the copy", () => {
  it("names the locality only through the identity", () => {
    expect(copy).not.toContain(defaultSite.tradeCounter.locality);
    expect(copy).toContain("{locality}");
    const filled = JSON.stringify(withIdentity({ accessibility, catalogue, home }, elsewhere));
    expect(filled).not.toContain("{locality}");
    expect(filled).toContain("trade counter in Wellington");
  });

  it("keeps the shape of what it fills", () => {
    const slide = { src: "/art/x.svg", alt: "Our {locality} counter", order: 2, isNew: false, tags: ["{locality}"] };
    expect(withIdentity(slide, elsewhere)).toEqual({ ...slide, alt: "Our Wellington counter", tags: ["Wellington"] });
  });

  it("gives the home page a title search results show whole: brand, what and where within 60 characters", () => {
    const title = `${withIdentity(home.homeMeta, defaultSite).title} | ${defaultSite.name}`;
    expect(title.length).toBeLessThanOrEqual(60);
    expect(title).toContain(defaultSite.tradeCounter.locality);
    expect(title).toMatch(/MRO/);
  });

  it("writes the trade counter's full address", () => {
    expect(tradeCounterAddress(elsewhere)).toBe(
      "Trade Counter, Unit 4, Stafford Park 10, Wellington, Shropshire TF3 3XX",
    );
  });
});
