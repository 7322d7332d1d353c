import { describe, expect, it } from "vitest";
import { type BuyerLine, lineFromBuyer } from "#app/quotation/prefill.ts";

type Case = [BuyerLine, { part: string; brand: string; description: string; quantity: string }];
const line = (part: string, quantity = 1, brand?: string): BuyerLine => ({ part, quantity, brand: brand ?? null });
const want = (part: string, description: string, quantity: number | string = 1, brand = "") => ({
  part,
  brand,
  description,
  quantity: String(quantity),
});

// Lines as buyers type them in the one box of the quote form's parts list, and what the first draft makes of them.
const cases: Case[] = [
  [line("6205-2RS SKF x10"), want("6205-2RS", "", 10, "SKF")],
  [line("Nitrile gloves size 9 x 20 boxes"), want("", "Nitrile gloves size 9 (boxes)", 20)],
  [line("6205-2RS", 4, "SKF"), want("6205-2RS", "", 4, "SKF")],
  [line("SPA1250 wedge belt", 2, "Gates"), want("SPA1250", "wedge belt", 2, "Gates")],
  [line("4 x 6205-ZZ"), want("6205-ZZ", "", 4)],
  [line("10x 6004-2RS NSK"), want("6004-2RS", "", 10, "NSK")],
  [line("6205-2RS 10x"), want("6205-2RS", "", 10)],
  [line("qty 10 UCP206 pillow block"), want("UCP206", "pillow block", 10)],
  [line("Bearing 6310 C3 FAG x 2"), want("6310 C3", "Bearing", 2, "FAG")],
  [line("10 off M12 nyloc nuts"), want("M12", "nyloc nuts", 10)],
  [line("B47 V-belt 10 pcs"), want("B47", "V-belt", 10)],
  [line("Timken 30208 taper roller bearing qty: 6"), want("30208", "taper roller bearing", 6, "Timken")],
  [line("Gates 8M-1200-30 timing belt x 3"), want("8M-1200-30", "timing belt", 3, "Gates")],
  [line("skf 6205-2RS/C3", 4), want("6205-2RS/C3", "", 4, "SKF")],
  [line("FESTO DSNU-25-100-PPV-A cylinder"), want("DSNU-25-100-PPV-A", "cylinder", 1, "FESTO")],
  [line("Safety boots size 10 x 2 pairs"), want("", "Safety boots size 10 (pairs)", 2)],
  [line("6205 2RS bearing x 4"), want("6205 2RS", "bearing", 4)],
  [line("Koyo 6205-2RS", 2, "Koyo"), want("6205-2RS", "", 2, "Koyo")],
  // Part numbers and sizes with an "x" in them are not quantities.
  [line("M10x30 bolt", 50), want("M10x30", "bolt", 50)],
  [line("2x4"), want("2x4", "", 1)],
  [line("2 x 4 timber"), want("", "2 x 4 timber", 1)],
  [line("45x62x8 oil seal", 10), want("45x62x8", "oil seal", 10)],
  [line("Seal 45 x 62 x 8"), want("", "Seal 45 x 62 x 8", 1)],
  [line("Hex bolt M10 x 30"), want("M10 x 30", "Hex bolt", 1)],
  [line('Hydraulic hose 1/2" x 10m'), want("", 'Hydraulic hose 1/2" x 10m', 1)],
  [line("Cable ties 300mm"), want("", "Cable ties 300mm", 1)],
  // A number written in the text that disagrees with the quantity box leaves the text as written.
  [line("Nitrile gloves x 20 boxes", 5), want("", "Nitrile gloves x 20 boxes", 5)],
  [line("608-2RS", 8), want("608-2RS", "", 8)],
  [line("Loctite 243 threadlocker 50ml x 6"), want("", "243 threadlocker 50ml", 6, "Loctite")],
  // A series written apart from its number belongs to the part number.
  [line("NU 2215 ECP/C3", 12, "FAG"), want("NU 2215 ECP/C3", "", 12, "FAG")],
  [line("SKF NU 2215 cylindrical roller bearing"), want("NU 2215", "cylindrical roller bearing", 1, "SKF")],
  [line("Pillow block UCP 206 qty 2"), want("UCP 206", "Pillow block", 2)],
  [line("snl 511-609 housing"), want("snl 511-609", "housing", 1)],
  [line("Lock nut KM 8", 4), want("KM 8", "Lock nut", 4)],
  [line("SPA 1250 wedge belt", 2), want("SPA 1250", "wedge belt", 2)],
  [line("Oil seal TC 45 x 62 x 8", 10), want("TC 45 x 62 x 8", "Oil seal", 10)],
  [line("Hex nut M10 qty 5"), want("M10", "Hex nut", 5)],
  // Not when what follows is a size.
  [line("Cable N 300mm"), want("", "Cable N 300mm", 1)],
];

describe("a first draft's lines from the buyer's parts list", () => {
  it.each(cases)("%o", (buyer, expected) => {
    expect(lineFromBuyer(buyer)).toEqual(expected);
  });

  it("never puts the same text in the description and the part number", () => {
    for (const [buyer] of cases) {
      const { part, description } = lineFromBuyer(buyer);
      if (part) expect(description, buyer.part).not.toContain(part);
    }
  });
});
