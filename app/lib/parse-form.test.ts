import { describe, expect, it } from "vitest";
import { firstProblem, parseForm, parseSentForm, UnreadableFormError } from "#app/lib/parse-form.ts";
import { quoteFieldsWithLinesSchema } from "#app/quote/parts.ts";
import { limits } from "#app/quote/schema.ts";

const form = (entries: [string, string][]) => new URLSearchParams(entries);
const intent = (value: unknown): [string, string] => ["__intent__", JSON.stringify(value)];

describe("parseSentForm", () => {
  it("renumbers a list from 0 and the list button's intent with it", () => {
    const submission = parseSentForm(
      form([
        ["customerName", "Sam"],
        ["lines[3].part", "6205"],
        ["lines[8].part", "SPA1250"],
        intent({ type: "remove", payload: { name: "lines", index: 8 } }),
      ]),
      quoteFieldsWithLinesSchema,
    );
    expect(submission.payload.lines).toEqual([{ part: "6205" }]);
  });

  it("takes requirements as long as the text box allows when they are posted with the browser's CRLF line ends", () => {
    // The box counts each line break as one character; a post without scripts sends it as two.
    const paragraphs = Array.from({ length: 50 }, (_, i) => `${i}`.padEnd(99, "x"));
    const typed = paragraphs.join("\n");
    expect(typed).toHaveLength(limits.requirements - 1);
    const submission = parseSentForm(
      form([
        ["customerName", "Sam Fitter"],
        ["email", "sam@works.example"],
        ["requirements", paragraphs.join("\r\n")],
      ]),
      quoteFieldsWithLinesSchema,
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.requirements).toBe(typed);
  });

  it("refuses what only a hand-made post carries: an index, a depth or an intent no form sends", () => {
    for (const entries of [
      [["lines[101].part", "x"]],
      [["lines[0].part.a.b", "x"]],
      [intent({ type: "update", payload: { name: "lines", value: [] } })],
      [intent({ type: "remove", payload: { name: "lines", index: 1_000_000 } })],
      [intent({ type: "insert", payload: { name: "notAField" } })],
      [["__intent__", "{not json"]],
    ] as [string, string][][]) {
      expect(() => parseSentForm(form(entries), quoteFieldsWithLinesSchema), JSON.stringify(entries)).toThrow(
        UnreadableFormError,
      );
    }
  });
});

describe("parseForm", () => {
  it("reads the browser's own intents, such as a pasted list", () => {
    const lines = Array.from({ length: 50 }, (_, i) => ({ part: `PART-${i}-${"x".repeat(150)}`, quantity: "1" }));
    const submission = parseForm(
      form([["customerName", "Sam"], intent({ type: "update", payload: { name: "lines", value: lines } })]),
      quoteFieldsWithLinesSchema,
    );
    expect(submission.payload.lines).toHaveLength(50);
  });
});

describe("firstProblem", () => {
  const refused = (error: Record<string, string[] | null>) => ({ status: "error" as const, error });
  const order = ["customerName", "email", "requirements"];

  it("names the first field in the form's order, not in the answer's", () => {
    expect(firstProblem(refused({ requirements: ["Required"], email: ["Invalid"] }), order)).toBe("email");
  });

  it("then any other field it is asked to look at, and passes over fields without a message", () => {
    const answer = refused({ "lines[2].quantity": ["Too many"], email: null, customerName: [] });
    expect(firstProblem(answer, order)).toBeUndefined();
    expect(firstProblem(answer, order, (name) => name.startsWith("lines["))).toBe("lines[2].quantity");
  });

  it("names nothing for an answer without errors", () => {
    expect(firstProblem(undefined, order)).toBeUndefined();
    expect(firstProblem({ status: "success" }, order)).toBeUndefined();
  });
});
