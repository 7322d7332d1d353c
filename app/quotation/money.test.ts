import { describe, expect, it } from "vitest";
import {
  basisPointsFrom,
  formatPence,
  isPoa,
  penceFrom,
  percentText,
  quotationTotals,
  readPrice,
} from "#app/quotation/money.ts";

describe("money in pence", () => {
  it("reads prices as typed without floating point", () => {
    expect(penceFrom("0.1")).toBe(10);
    expect(penceFrom("0.29")).toBe(29);
    expect(penceFrom("£1,234.5")).toBe(123_450);
    expect(penceFrom("12")).toBe(1200);
    expect(penceFrom("1.005")).toBeUndefined();
    expect(penceFrom("-3")).toBeUndefined();
    expect(penceFrom("1e3")).toBeUndefined();
    expect(penceFrom("twelve")).toBeUndefined();
    expect(penceFrom("")).toBeUndefined();
  });

  it('reads a price strictly: "9,60" and "9.6.0" are mistakes named for what they are, never £960.00', () => {
    expect(penceFrom("9,60")).toBeUndefined();
    expect(penceFrom("1,23,456")).toBeUndefined();
    expect(penceFrom("12,34.50")).toBeUndefined();
    expect(penceFrom("1,234.56")).toBe(123_456);
    expect(penceFrom("£ 1,234,567")).toBe(123_456_700);
    expect(penceFrom("9.6")).toBe(960);
    expect(penceFrom("960")).toBe(96_000);
    expect(readPrice("9,60")).toEqual({ error: "Use a point for pence, like 9.60" });
    expect(readPrice("£12,5")).toEqual({ error: "Use a point for pence, like 12.50" });
    expect(readPrice("9.6.0")).toEqual({ error: "Use one point, before the pence, like 9.60" });
    expect(readPrice("9.605")).toEqual({ error: "Give at most 2 figures of pence, like 9.65" });
  });

  it("formats pence exactly", () => {
    expect(formatPence(123_450)).toBe("£1,234.50");
    expect(formatPence(7)).toBe("£0.07");
    expect(formatPence(100_000_000_000)).toBe("£1,000,000,000.00");
  });

  it("charges VAT once on the net, rounded to the nearest penny with halves up", () => {
    // 3 × £0.29 = £0.87 + £0.08 delivery = £0.95; 20 % is 19p exactly.
    expect(quotationTotals([{ quantity: 3, unitPence: 29 }], 8, 2000)).toEqual({
      lineTotals: [87],
      net: 95,
      vat: 19,
      gross: 114,
    });
    // £0.33 at 17.5 % is 5.775p: 6p. £0.02 at 17.5 % is 0.35p: 0p. 10p at 5 % is 0.5p: 1p (half up).
    expect(quotationTotals([{ quantity: 1, unitPence: 33 }], 0, 1750).vat).toBe(6);
    expect(quotationTotals([{ quantity: 1, unitPence: 2 }], 0, 1750).vat).toBe(0);
    expect(quotationTotals([{ quantity: 1, unitPence: 10 }], 0, 500).vat).toBe(1);
    // 200 lines at the £10,000,000 line limit stay exact integers.
    const big = quotationTotals(Array(200).fill({ quantity: 1, unitPence: 1_000_000_000 }), 0, 2000);
    expect(big.net).toBe(200_000_000_000);
    expect(big.vat).toBe(40_000_000_000);
    expect(Number.isSafeInteger(big.gross)).toBe(true);
  });

  it("leaves lines priced on application (POA) out of the totals", () => {
    expect(["POA", "poa", " P.O.A. ", "p.o.a"].every(isPoa)).toBe(true);
    expect(["", "0", "PO", "POA1", "on request"].some(isPoa)).toBe(false);
    expect(
      quotationTotals(
        [
          { quantity: 2, unitPence: 1000 },
          { quantity: 5, unitPence: null },
        ],
        500,
        2000,
      ),
    ).toEqual({ lineTotals: [2000, null], net: 2500, vat: 500, gross: 3000 });
  });

  it("reads and writes VAT rates in basis points", () => {
    expect(basisPointsFrom("20")).toBe(2000);
    expect(basisPointsFrom("17.5%")).toBe(1750);
    expect(basisPointsFrom("abc")).toBeUndefined();
    expect(percentText(2000)).toBe("20%");
    expect(percentText(1750)).toBe("17.5%");
  });
});
