import { describe, expect, it } from "vitest";
import { messages, quoteCategories, urgencies } from "#app/content/quote-request.ts";
import { parseForm, requiredFields } from "#app/lib/parse-form.ts";
import { quoteFieldsSchema, quoteFieldsWithGuardsSchema } from "#app/quote/schema.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};
const valid = { customerName: "Sam Fitter", email: "sam@plant.example", requirements: "6205-2RS x 2" };

describe("quote schema", () => {
  it("has the spec's options, values and labels exactly", () => {
    expect(quoteCategories.map((c) => `${c.value}: ${c.label}`)).toEqual([
      "bearings: Bearings",
      "sealing: Sealing Solutions",
      "power-transmission: Power Transmission",
      "fluid-power: Fluid Power",
      "drives-pumps: Drives & Pumps",
      "tools-maintenance: Tools & Maintenance",
      "electrical: Industrial Electrical",
      "ppe: PPE & Safety",
      "other: Other",
    ]);
    expect(urgencies.map((u) => `${u.value}: ${u.label}`)).toEqual([
      "standard: Standard (5-7 days)",
      "urgent: Urgent (2-3 days)",
      "emergency: Emergency (Same day)",
    ]);
  });

  it("requires name, e-mail and requirements with clear messages; urgency defaults to standard", () => {
    const empty = parseForm(form({}), quoteFieldsSchema);
    expect(empty.status).toBe("error");
    expect(empty.status === "error" && empty.error).toMatchObject({
      customerName: [messages.customerName],
      email: [messages.email],
      requirements: [messages.requirements],
    });
    const ok = parseForm(form({ ...valid, company: "", phone: "" }), quoteFieldsSchema);
    expect(ok.status === "success" && ok.value).toEqual({ ...valid, urgency: "standard" });
  });

  it("rejects values outside the lists, line breaks in one-line fields and oversize text", () => {
    const bad = parseForm(
      form({
        ...valid,
        customerName: "Eve\r\nBcc: x@evil.example",
        category: "pumps",
        urgency: "yesterday",
        requirements: "x".repeat(5001),
      }),
      quoteFieldsSchema,
    );
    expect(Object.keys((bad.status === "error" && bad.error) || {}).sort()).toEqual([
      "category",
      "customerName",
      "requirements",
      "urgency",
    ]);
  });

  it("reads the hidden fields; a number the browser sends about timing is ignored", () => {
    const signed = "mib2x1c0.AbCdEfGhIjKlMnOp.abcdefghijklmnopqrstuv";
    const submission = parseForm(
      form({ ...valid, formToken: signed, shownAt: "1795321052147", website: "" }),
      quoteFieldsWithGuardsSchema,
    );
    expect(submission.status === "success" && submission.value).toEqual({
      ...valid,
      urgency: "standard",
      formToken: signed,
    });
    // A lost or mangled token is read as none (no form time), never as an error.
    for (const formToken of ["x", "a b\u0000c", undefined]) {
      const fields = formToken === undefined ? valid : { ...valid, formToken };
      const submission = parseForm(form(fields), quoteFieldsWithGuardsSchema);
      expect(submission.status === "success" && submission.value.formToken).toBe("");
    }
  });

  it("turns NUL bytes, control characters and unpaired surrogates into spaces instead of failing", () => {
    const dirty = parseForm(
      form({
        customerName: "Sam\u0000Fitter\u0007",
        email: "\u0000sam@plant.example",
        company: "Acme\uD800 Ltd\u001b",
        phone: "01632\u0085960000",
        requirements: "a\u0000b\r\n\tc\uDC00\uFFFD",
        formToken: "abcdefgh99999",
      }),
      quoteFieldsWithGuardsSchema,
    );
    expect(dirty.status === "success" && dirty.value).toMatchObject({
      customerName: "Sam Fitter",
      email: "sam@plant.example",
      company: "Acme  Ltd",
      phone: "01632 960000",
      // Line breaks are kept, as LF: the browser sends CRLF (parse-form.test.ts).
      requirements: "a b\n\tc",
    });
    // A real emoji (a surrogate pair) is text, and stays.
    const emoji = parseForm(form({ ...valid, requirements: "bearings 🔧" }), quoteFieldsSchema);
    expect(emoji.status === "success" && emoji.value.requirements).toBe("bearings 🔧");
  });

  it("reports a field that held nothing but unreadable characters with its usual message", () => {
    const empty = parseForm(
      form({ ...valid, customerName: "\u0000\u0000", requirements: "\uD800" }),
      quoteFieldsSchema,
    );
    expect(empty.status === "error" && empty.error).toEqual({
      customerName: [messages.customerName],
      requirements: [messages.requirements],
    });
  });

  it("marks the required fields for the browser's own checks before scripts load", () => {
    const constraint = requiredFields(quoteFieldsSchema);
    expect(constraint).toMatchObject({
      customerName: { required: true },
      email: { required: true },
      requirements: { required: true },
    });
    for (const optional of ["company", "phone", "category", "urgency"]) {
      expect(constraint[optional]?.required, optional).toBeFalsy();
    }
  });
});
