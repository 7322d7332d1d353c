import { describe, expect, it } from "vitest";
import { categories } from "#app/content/catalogue.ts";
import { recognisePart } from "#app/search/part-numbers.ts";

const said = (query: string) => recognisePart(query)?.explanation;

describe("part numbers", () => {
  it.each([
    // deep groove ball bearings, 6000–6300, 16000, 618/619 and miniatures, with common suffixes
    ["6205-2RS", "6205-2RS looks like a deep groove ball bearing, 25 mm bore, rubber sealed both sides"],
    ["6205 2rs", "6205-2RS looks like a deep groove ball bearing, 25 mm bore, rubber sealed both sides"],
    ["6205/2RS", "6205-2RS looks like a deep groove ball bearing, 25 mm bore, rubber sealed both sides"],
    ["6004 ZZ", "6004-ZZ looks like a deep groove ball bearing, 20 mm bore, metal shielded both sides"],
    [
      "6306-2Z/C3",
      "6306-2Z C3 looks like a deep groove ball bearing, 30 mm bore, metal shielded both sides, C3 internal clearance",
    ],
    ["6200", "6200 looks like a deep groove ball bearing, 10 mm bore"],
    ["6203-RS", "6203-RS looks like a deep groove ball bearing, 17 mm bore, rubber sealed one side"],
    ["16005", "16005 looks like a deep groove ball bearing, 25 mm bore"],
    ["61806-2RS1", "61806-2RS1 looks like a deep groove ball bearing, 30 mm bore, rubber sealed both sides"],
    ["6208 NR", "6208 NR looks like a deep groove ball bearing, 40 mm bore, snap ring groove with snap ring"],
    ["608zz", "608-ZZ looks like a miniature deep groove ball bearing, 8 mm bore, metal shielded both sides"],
    ["6082RS", "608-2RS looks like a miniature deep groove ball bearing, 8 mm bore, rubber sealed both sides"],
    [
      "S6205-2RS",
      "S6205-2RS looks like a stainless steel deep groove ball bearing, 25 mm bore, rubber sealed both sides",
    ],
    // other ISO series: NU/NJ, 22xxx, 3xxxx, 7xxx, self-aligning, thrust, needle
    ["NU 206 ECP", "NU206 ECP looks like a cylindrical roller bearing, 30 mm bore, high-capacity design"],
    ["NJ2210", "NJ2210 looks like a cylindrical roller bearing, 50 mm bore"],
    ["22210 EK", "22210 EK looks like a spherical roller bearing, 50 mm bore, high-capacity design, tapered bore"],
    ["23120 CC/W33", "23120 CCW33 looks like a spherical roller bearing, 100 mm bore, lubrication groove and holes"],
    ["30205", "30205 looks like a taper roller bearing, 25 mm bore"],
    ["32008 X", "32008 X looks like a taper roller bearing, 40 mm bore"],
    ["3205", "3205 looks like a double row angular contact ball bearing, 25 mm bore"],
    ["7205 BEP", "7205 BEP looks like an angular contact ball bearing, 25 mm bore, 40° contact angle"],
    [
      "1205 EKTN9",
      "1205 EKTN9 looks like a self-aligning ball bearing, 25 mm bore, high-capacity design, tapered bore, polyamide cage",
    ],
    ["51105", "51105 looks like a thrust ball bearing, 25 mm bore"],
    ["NA4905", "NA4905 looks like a needle roller bearing, 25 mm bore"],
    ["HK2016", "HK2016 looks like a drawn cup needle roller bearing, 20 mm shaft, 16 mm wide"],
    ["UC205", "UC205 looks like a self-lube insert bearing, 25 mm bore"],
    ["UCFL206", "UCFL206 looks like a housed bearing unit, 2-bolt flange, 30 mm bore"],
    ["SNL 510", "SNL510 looks like a split plummer block housing, size 510"],
    // wedge and classical V-belts, timing belts, ribbed belts, chain
    ["SPZ 1250", "SPZ1250 looks like a wedge belt, SPZ section (9.7 mm top width), 1250 mm datum length"],
    ["spb-2000", "SPB2000 looks like a wedge belt, SPB section (16.3 mm top width), 2000 mm datum length"],
    [
      "XPZ1000",
      "XPZ1000 looks like a cogged (raw edge) wedge belt, XPZ section (9.7 mm top width), 1000 mm datum length",
    ],
    ["A42", "A42 looks like a classical V-belt, A section (13 mm top width), 42 in inside length"],
    ["BX50", "BX50 looks like a cogged classical V-belt, B section (17 mm top width), 50 in inside length"],
    [
      "4L340",
      "4L340 looks like a fractional horsepower (lawn & garden) V-belt, 4L section (1/2 in), 34 in outside length",
    ],
    ["HTD 5M", "HTD 5M looks like an HTD timing belt, 5 mm pitch"],
    ["htd 8m 1200 30", "HTD 1200-8M-30 looks like an HTD timing belt, 8 mm pitch, 1200 mm pitch length, 30 mm wide"],
    ["1200-8M-30", "HTD 1200-8M-30 looks like an HTD timing belt, 8 mm pitch, 1200 mm pitch length, 30 mm wide"],
    ["T10 1010", "T10 1010 looks like a metric timing belt, T10 profile, 10 mm pitch, 1010 mm long"],
    ["6PK1200", "6PK1200 looks like a ribbed (poly-V) belt, 6 ribs, PK section, 1200 mm effective length"],
    ["08B-1", "08B-1 looks like a British Standard roller chain, 1/2 in pitch, simplex"],
    // O-rings, oil seals, circlips
    ["20 x 2.5", "O-ring 20 x 2.5 looks like an O-ring, 20 mm inside diameter × 2.5 mm cross-section"],
    [
      "o-ring 20x2,5 viton",
      "O-ring 20 x 2.5 FKM looks like an O-ring, 20 mm inside diameter × 2.5 mm cross-section, FKM (Viton)",
    ],
    ["BS214", "BS214 O-ring looks like a standard inch O-ring size, BS 1806 / AS568 size 214"],
    [
      "25x47x7",
      "Oil seal 25 x 47 x 7 looks like a rotary shaft (oil) seal, 25 mm shaft, 47 mm housing bore, 7 mm wide",
    ],
    ["DIN 472 52", "DIN 472 52 looks like an internal circlip (DIN 472), for a 52 mm bore"],
    // BSP / JIC hydraulic fittings
    ["1/2 bsp", '1/2" BSP looks like a hydraulic fitting, British Standard Pipe (BSP) thread, 1/2 in'],
    ['3/8" BSPT male', '3/8" BSPT looks like a hydraulic fitting, BSP taper thread, 3/8 in'],
    ["-8 JIC", "-8 JIC looks like a hydraulic fitting, JIC 37° flare thread, dash size -8"],
    ["jic 9/16-18 female swivel", '9/16" JIC looks like a hydraulic fitting, JIC 37° flare thread, 9/16 in'],
    // ISO 4014 style bolts and their relatives
    ["M10 x 50", "M10 x 50 looks like a metric hex bolt (ISO 4014), M10 thread, 50 mm long"],
    ["m10x50 8.8", "M10 x 50 8.8 looks like a metric hex bolt (ISO 4014), M10 thread, 50 mm long, grade 8.8"],
    [
      "M12 x 1.25 x 60",
      "M12 x 1.25 x 60 looks like a metric hex bolt (ISO 4014), M12 thread, 1.25 mm fine pitch, 60 mm long",
    ],
    ["ISO 4014 M16x80", "M16 x 80 looks like a metric hex bolt (ISO 4014), M16 thread, 80 mm long"],
    ["DIN 933 M8x20", "M8 x 20 looks like a metric hex set screw (DIN 933), M8 thread, 20 mm long"],
    ["m8 nuts", "M8 looks like a metric hex nut, M8 thread"],
  ])("%s", (query, explanation) => {
    expect(said(query)).toBe(explanation);
  });

  it("routes each family to a category and a type group that exist", () => {
    for (const query of [
      "6205-2RS",
      "UCP205",
      "SPZ 1250",
      "08B-1",
      "20 x 2.5",
      "25x47x7",
      "DIN 471 25",
      "1/2 bsp",
      "M10 x 50",
    ]) {
      const match = recognisePart(query);
      const category = categories.find((c) => c.slug === match?.category);
      expect(
        category?.groups.map((g) => g.name),
        query,
      ).toContain(match?.group);
    }
  });

  it.each([
    "ffp3",
    "s3 safety boots",
    "vee belt",
    "C3",
    "2RS",
    "hydraulic hose",
    "1250",
    "6205abc",
    "M20 rod end",
    "hose 10 x 1",
    "<script>alert(1)</script>",
    "x".repeat(500),
    "",
  ])("does not take %j for a part number", (query) => {
    expect(recognisePart(query)).toBeUndefined();
  });
});
