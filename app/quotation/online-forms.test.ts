import { expect, it } from "vitest";
import { parseSentForm } from "#app/lib/parse-form.ts";
import { acceptSchema } from "#app/quotation/online-forms.ts";

const errorsFor = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  // As the page's action reads the post.
  const submission = parseSentForm(form, acceptSchema);
  return submission.status === "error" ? submission.error : undefined;
};

it("names every missing answer of an acceptance at once: the name, the PO number and the terms", () => {
  expect(errorsFor({})).toEqual({
    buyerName: ["Enter your name"],
    poNumber: ["Enter your PO number, or tick “PO to follow”"],
    terms: ["Tick the box to accept the quotation's terms"],
  });
});

it("asks for the PO number alone once the rest is given, and for nothing when it is to follow", () => {
  expect(errorsFor({ buyerName: "Dana Fitter", terms: "on" })).toEqual({
    poNumber: ["Enter your PO number, or tick “PO to follow”"],
  });
  expect(errorsFor({ buyerName: "Dana Fitter", terms: "on", poToFollow: "on" })).toBeUndefined();
  expect(errorsFor({ buyerName: "Dana Fitter", terms: "on", poNumber: "4500012345" })).toBeUndefined();
});
