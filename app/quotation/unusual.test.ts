import { describe, expect, it } from "vitest";
import { priceHistory, unusualFigures, unusualKey } from "#app/quotation/unusual.ts";

const line = (part: string, unitPence: number | null, quantity = 1) => ({
  part,
  description: part || "Nitrile gloves",
  unitPence,
  totalPence: unitPence === null ? null : unitPence * quantity,
});

describe("figures asked about before a quotation is sent", () => {
  const history = priceHistory([
    { revision: "Q-1/1", lines: [line("6205-2RS", 1000), line("", 500), line("UCP206", null)] },
    { revision: "Q-1/2", lines: [line("6205-2rs ", 960)] },
  ]);

  it("compares each price with the same part's latest earlier one: more than 5 times or under a fifth", () => {
    const ask = (unitPence: number) => unusualFigures({ lines: [line("6205-2RS", unitPence)], grossPence: 0 }, history);
    expect(ask(960 * 5)).toEqual([]);
    expect(ask(192)).toEqual([]);
    expect(ask(960 * 5 + 1)).toEqual(["Line 1 (6205-2RS): £48.01 each, where Q-1/2 had £9.60."]);
    expect(ask(191)).toEqual(["Line 1 (6205-2RS): £1.91 each, where Q-1/2 had £9.60."]);
    // A line without a part number is matched by its description; POA lines and new parts have no history.
    expect(unusualFigures({ lines: [line("", 5000)], grossPence: 0 }, history)).toEqual([
      "Line 1 (Nitrile gloves): £50.00 each, where Q-1/1 had £5.00.",
    ]);
    expect(unusualFigures({ lines: [line("UCP206", 99_999), line("6205-2RS", null)], grossPence: 0 }, history)).toEqual(
      [],
    );
  });

  it("asks about a line or a quotation over £100,000, and keys exactly what it listed", () => {
    const large = unusualFigures({ lines: [line("Gearbox", 5_000_001, 2)], grossPence: 12_000_002 }, new Map());
    expect(large).toEqual([
      "Line 1 (Gearbox) comes to £100,000.02.",
      "The quotation comes to £120,000.02 including VAT.",
    ]);
    expect(unusualFigures({ lines: [line("Gearbox", 5_000_000, 2)], grossPence: 10_000_000 }, new Map())).toEqual([]);
    expect(unusualKey(large)).toMatch(/^[0-9a-f]{8}$/);
    expect(unusualKey(large)).not.toBe(unusualKey(large.slice(1)));
  });
});
