import { describe, expect, it } from "vitest";
import { looksLikeList, parsePastedList } from "#app/quote/paste.ts";

describe("pasting a parts list", () => {
  it("reads rows copied from a spreadsheet (tabs, header row, Windows line ends)", () => {
    const excel =
      "Part No\tDescription\tBrand\tQty\r\n6205-2RS\tDeep groove bearing\tSKF\t4\r\nSPA1250\tV-belt\tGates\t2\r\n";
    expect(parsePastedList(excel).lines).toEqual([
      { part: "6205-2RS Deep groove bearing", quantity: 4, brand: "SKF" },
      { part: "SPA1250 V-belt", quantity: 2, brand: "Gates" },
    ]);
  });

  it("reads each column as its header names it: a quantity first, parts all digits, empty cells, 1,000", () => {
    expect(parsePastedList("Qty\tPart no\n4\t6205\n2\t22220").lines).toEqual([
      { part: "6205", quantity: 4 },
      { part: "22220", quantity: 2 },
    ]);
    expect(
      parsePastedList("Part No\tDescription\tBrand\tQty\n6205\t\t\t4\nM10 nyloc nut\tzinc\t\t1,000").lines,
    ).toEqual([
      { part: "6205", quantity: 4 },
      { part: "M10 nyloc nut zinc", quantity: 1000 },
    ]);
  });

  it('keeps an inch mark as part of the text: 1/2" BSP', () => {
    expect(parsePastedList('1/2" BSP hose tail\t10\tParker\n"3/4"" elbow"\t2').lines).toEqual([
      { part: '1/2" BSP hose tail', quantity: 10, brand: "Parker" },
      { part: '3/4" elbow', quantity: 2 },
    ]);
  });

  it('reads "qty x part" lines from a works order', () => {
    expect(parsePastedList("4 x 6205-2RS\n2x SPA1250 v-belt\n10 off M10 nyloc nuts\n1 pcs grease gun").lines).toEqual([
      { part: "6205-2RS", quantity: 4 },
      { part: "SPA1250 v-belt", quantity: 2 },
      { part: "M10 nyloc nuts", quantity: 10 },
      { part: "grease gun", quantity: 1 },
    ]);
  });

  it('reads "part, qty" with commas or semicolons, and a trailing "x qty"', () => {
    expect(parsePastedList("6204-ZZ, 6\n30x52x7 oil seal; 3\n22210 E x 2").lines).toEqual([
      { part: "6204-ZZ", quantity: 6 },
      { part: "30x52x7 oil seal", quantity: 3 },
      { part: "22210 E", quantity: 2 },
    ]);
  });

  it("takes a quantity column first, and a part that is all digits stays a part", () => {
    expect(parsePastedList("12\t6204-2Z\n6204\t12\n6305\t3\tFAG").lines).toEqual([
      { part: "6204-2Z", quantity: 12 },
      { part: "6204", quantity: 12 },
      { part: "6305", quantity: 3, brand: "FAG" },
    ]);
  });

  it("gives a line without a quantity a quantity of 1, skips blank rows and quoted cells", () => {
    expect(parsePastedList('"Loctite 243, 50ml"\n\n   \n"6001-2RS";"2"').lines).toEqual([
      { part: "Loctite 243, 50ml", quantity: 1 },
      { part: "6001-2RS", quantity: 2 },
    ]);
  });

  it("fills only the room left and says how many rows did not fit", () => {
    const rows = Array.from({ length: 60 }, (_, i) => `P-${i}\t1`).join("\n");
    const pasted = parsePastedList(rows, 48);
    expect(pasted.lines).toHaveLength(48);
    expect(pasted.dropped).toBe(12);
  });

  // A spreadsheet sent by mail is read on the server: one row must not hold it (100,000 characters took 7 s).
  it("reads a row of 200,000 characters at once, keeping what a parts line holds", () => {
    const { lines } = parsePastedList(`6205-2RS x 4\na${" ".repeat(200_000)}b\nx${"🔧".repeat(5000)}`);
    expect(lines[0]).toEqual({ part: "6205-2RS", quantity: 4 });
    expect(lines[1]).toEqual({ part: "a", quantity: 1 });
    // Cut between characters, never inside one.
    expect(lines[2]?.part).toBe(`x${"🔧".repeat(999)}`);
  }, 5000);

  it("tells a list from a single part typed or pasted", () => {
    expect(looksLikeList("6205-2RS")).toBe(false);
    expect(looksLikeList("6205-2RS\t4")).toBe(true);
    expect(looksLikeList("6205\n6206\n")).toBe(true);
  });
});
