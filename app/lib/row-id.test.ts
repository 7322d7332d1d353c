import { expect, it } from "vitest";
import { maxRowId, rowId } from "#app/lib/row-id.ts";

it("reads an id a serial column can hold, and nothing else", () => {
  expect(rowId("1")).toBe(1);
  expect(rowId(String(maxRowId))).toBe(maxRowId);
  for (const text of [
    String(maxRowId + 1),
    "99999999999999",
    "0",
    "-1",
    "01",
    "1.5",
    "1e3",
    " 1",
    "",
    "x",
    undefined,
    7,
  ]) {
    expect(rowId(text), String(text)).toBeUndefined();
  }
});
