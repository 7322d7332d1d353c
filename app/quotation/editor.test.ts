import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { checkDraft, type Draft, emptyLine } from "#app/quotation/draft.ts";
import { LineFields, TermsFields, TotalsAndActions } from "#app/quotation/editor.tsx";

const poaLine = emptyLine({ description: "Bearing", unitPrice: "POA" });
const draft: Draft = {
  lines: [poaLine, emptyLine({ description: "Seal", unitPrice: "2" })],
  delivery: "0",
  validUntil: "2099-12-31",
  paymentTerms: "30 days",
  deliveryTerms: "Free UK delivery",
  buyerReference: "PO-4471",
  deliveryAddress: "Goods in\nHalesfield 19",
  vatRate: "20",
  subject: "Quotation",
  message: "Attached",
};

describe("the quotation editor", () => {
  it("tells staff a price can be POA, and says what the totals leave out", () => {
    const line = renderToStaticMarkup(createElement(LineFields, { line: poaLine, index: 0, count: 2, errors: {} }));
    expect(line).toContain('aria-describedby="lines-0--unitPrice-hint"');
    expect(line).toContain("Or POA: priced on application, left out of the totals");
    expect(line).toContain('value="POA"');
    const checked = checkDraft(draft, "2026-01-01");
    if (!checked.ok) throw new Error("invalid");
    const totals = renderToStaticMarkup(createElement(TotalsAndActions, { totals: checked.value, pdfUrl: "/x" }));
    expect(totals).toContain("£2.40");
    expect(totals).toContain("One line is POA and not included.");
  });

  it("has labelled boxes for the delivery terms, the buyer's reference and the delivery address", () => {
    const html = renderToStaticMarkup(createElement(TermsFields, { draft, errors: {} }));
    const labels = [
      ["deliveryTerms", "Delivery terms"],
      ["buyerReference", "Buyer&#x27;s reference (optional)"],
      ["deliveryAddress", "Delivery address (optional)"],
    ] as const;
    for (const [name, label] of labels)
      expect(html).toMatch(new RegExp(`<label for="${name}"[^>]*>${label.replace(/[()]/g, "\\$&")}</label>`));
    expect(html).toContain('value="PO-4471"');
    expect(html).toContain("Goods in\nHalesfield 19</textarea>");
    expect(html).toContain("Free UK delivery</textarea>");
  });
});
