import { describe, expect, it } from "vitest";
import {
  about,
  cards,
  claims,
  contactSection,
  hero,
  homeMeta,
  industries,
  industriesSection,
  marketing,
  partners,
  quoteSection,
  slides,
} from "#app/content/home-page.ts";
import { claimSchema, industrySchema, slideSchema } from "#app/content/schema.ts";

const allCopy = JSON.stringify({
  hero,
  claims,
  partners,
  cards,
  marketing,
  about,
  slides,
  industriesSection,
  industries,
  quoteSection,
  contactSection,
  homeMeta,
});

describe("home content", () => {
  it("parses claims, slides and industries with the content schemas", () => {
    expect(claimSchema.array().parse(claims)).toEqual(claims);
    expect(slideSchema.array().parse(slides)).toEqual(slides);
    expect(industrySchema.array().parse(industries)).toEqual(industries);
  });

  it("uses the spec's hero wording exactly", () => {
    expect(hero.headline).toBe("Source. Supply. Solutions.");
    expect(hero.subline).toBe("Your trusted partner for Industrial MRO Components and Supplies.");
  });

  it("has eight hero claims carrying the inventory figure and authorised brands", () => {
    expect(claims).toHaveLength(8);
    const claimText = claims.map((c) => `${c.title} ${c.text}`).join(" ");
    for (const needle of ["£5.5M", "AMC", "Exol", "Presto"]) {
      expect(claimText).toContain(needle);
    }
  });

  it("names the partner section and its five categories", () => {
    expect(partners.title).toBe("Authorised Distributor & Partnered With");
    expect([...partners.categories]).toEqual(["Bearings", "Power Transmissions", "Seals", "PPE", "Lubricants"]);
    expect(partners.brands).toEqual(["AMC", "Exol", "Presto"]);
  });

  it("links the two cards to products and services", () => {
    expect(cards.map((c) => c.to)).toEqual(["/products", "/services"]);
  });

  it("has exactly four slides", () => {
    expect(slides).toHaveLength(4);
  });

  it("lists the thirteen industries in the spec's order", () => {
    expect(industries.map((i) => i.title)).toEqual([
      "Aggregates",
      "Agriculture",
      "Automotive",
      "Facilities",
      "Food & Beverage",
      "Forestry",
      "Manufacturing",
      "Metals",
      "Paper & Packaging",
      "Plastics",
      "Recycling",
      "Transportation",
      "Warehousing",
    ]);
  });

  it("lists the seven stock lines", () => {
    expect(marketing.stockLines).toEqual([
      "Bearings and self-lube bearings",
      "Seals and O-rings",
      "Drive belts and chain, including lawn and garden belts",
      "Pneumatics and hydraulics",
      "Valves and pipe fittings",
      "Fasteners and general consumables",
      "Electrical consumables",
    ]);
  });

  it("keeps the contact and quote promises", () => {
    expect(contactSection.emailNote).toBe("24hr response guarantee");
    expect(contactSection.mapTitle).toBe("Find Us");
    expect(quoteSection.intro).toContain("24 hours");
  });

  it("has a home meta description of a sensible length", () => {
    expect(homeMeta.description.length).toBeGreaterThanOrEqual(50);
    expect(homeMeta.description.length).toBeLessThanOrEqual(160);
  });

  it("shows no prices and no hard-coded contact details", () => {
    const withoutClaimFigures = allCopy.replace(/£5\.5M|£50m/g, "");
    expect(withoutClaimFigures).not.toMatch(/£\d/);
    expect(allCopy).not.toContain("@");
    expect(allCopy).not.toMatch(/\d{5,}/);
  });
});
