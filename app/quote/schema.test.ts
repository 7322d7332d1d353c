import { describe, expect, it } from "vitest";
import { parseForm, requiredFields } from "./parse";
import { messages, quoteCategories, quoteSchema, quoteSubmissionSchema, urgencies } from "./schema";

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
    const empty = parseForm(form({}), quoteSchema);
    expect(empty.status).toBe("error");
    expect(empty.status === "error" && empty.error).toMatchObject({
      customerName: [messages.customerName],
      email: [messages.email],
      requirements: [messages.requirements],
    });
    const ok = parseForm(form({ ...valid, company: "", phone: "" }), quoteSchema);
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
      quoteSchema,
    );
    expect(Object.keys((bad.status === "error" && bad.error) || {}).sort()).toEqual([
      "category",
      "customerName",
      "requirements",
      "urgency",
    ]);
  });

  it("reads the hidden fields, turning the shown-at time into a number", () => {
    const submission = parseForm(
      form({ ...valid, formToken: "abcdef123456", shownAt: "1795321052147" }),
      quoteSubmissionSchema,
    );
    expect(submission.status === "success" && submission.value.shownAt).toBe(1795321052147);
    const expired = parseForm(form({ ...valid, formToken: "x" }), quoteSubmissionSchema);
    expect(expired.status === "error" && expired.error?.formToken).toEqual([
      "The form has expired. Please reload the page.",
    ]);
  });

  it("marks the required fields for the browser's own checks before scripts load", () => {
    const constraint = requiredFields(quoteSchema);
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
