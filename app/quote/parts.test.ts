import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { parseForm } from "#app/lib/parse-form.ts";
import { linesSchema, partsLimits, partsMessages } from "#app/quote/parts.ts";

const schema = z.object({ lines: linesSchema });

type Result = ReturnType<typeof parseForm<typeof schema>>;
const linesOf = (result: Result) => (result.status === "success" ? result.value.lines : undefined);
const errorsOf = (result: Result) => (result.status === "success" ? undefined : result.error);

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("parts list", () => {
  it("reads lines with a default quantity of 1 and an optional brand", () => {
    const result = parseForm(
      form([
        ["lines[0].part", " 6205-2RS "],
        ["lines[0].quantity", "4"],
        ["lines[0].brand", "SKF"],
        ["lines[1].part", "V-belt SPA 1250"],
        ["lines[1].quantity", ""],
      ]),
      schema,
    );
    expect(result.status).toBe("success");
    expect(linesOf(result)).toEqual([
      { part: "6205-2RS", quantity: 4, brand: "SKF" },
      { part: "V-belt SPA 1250", quantity: 1 },
    ]);
  });

  it("drops blank lines, so a request without a list stays as it was", () => {
    const result = parseForm(form([["lines[0].quantity", "1"]]), schema);
    expect(linesOf(result)).toEqual([]);
    expect(linesOf(parseForm(form([]), schema))).toEqual([]);
  });

  it("asks for a part on a line that has only a brand or quantity, at that line", () => {
    const result = parseForm(
      form([
        ["lines[0].part", "6204"],
        ["lines[1].brand", "FAG"],
        ["lines[1].quantity", "3"],
      ]),
      schema,
    );
    expect(result.status).toBe("error");
    expect(errorsOf(result)?.["lines[1].part"]).toEqual([partsMessages.part]);
  });

  it.each(["0", "-2", "1.5", "ten", "1000000"])("refuses the quantity %j", (quantity) => {
    const result = parseForm(
      form([
        ["lines[0].part", "6204"],
        ["lines[0].quantity", quantity],
      ]),
      schema,
    );
    expect(errorsOf(result)?.["lines[0].quantity"]).toEqual([partsMessages.quantity]);
  });

  it(`refuses more than ${partsLimits.lines} lines`, () => {
    const entries: [string, string][] = Array.from({ length: partsLimits.lines + 1 }, (_, i) => [
      `lines[${i}].part`,
      `P${i}`,
    ]);
    const result = parseForm(form(entries), schema);
    expect(errorsOf(result)?.lines).toEqual([partsMessages.tooMany]);
  });

  it("keeps a part on one line and within its length", () => {
    const long = parseForm(form([["lines[0].part", "x".repeat(partsLimits.part + 1)]]), schema);
    expect(errorsOf(long)?.["lines[0].part"]?.[0]).toMatch(/under 200 characters/);
    const folded = parseForm(form([["lines[0].part", "6204\r\nBcc: x\u0000"]]), schema);
    expect(linesOf(folded)).toEqual([{ part: "6204 Bcc: x", quantity: 1 }]);
  });
});
