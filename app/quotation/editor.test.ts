import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { checkDraft, type Draft, emptyLine } from "#app/quotation/draft.ts";
import { TermsFields, TotalsAndActions } from "#app/quotation/editor.tsx";
import { LineRow } from "#app/quotation/line-grid.tsx";

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
    const line = renderToStaticMarkup(createElement(LineRow, { line: poaLine, index: 0, count: 2, errors: {} }));
    expect(line).toContain('aria-describedby="unit-price-hint"');
    expect(line).toContain('value="POA"');
    expect(line).toMatch(/data-line-total="">POA</);
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

  it("labels every box of a line by its line and column, totals the line, and folds its details", () => {
    const line = emptyLine({ part: "6205-2RS", quantity: "4", unitPrice: "6.45", note: "Zinc plated" });
    const html = renderToStaticMarkup(createElement(LineRow, { line, index: 2, count: 3, errors: {} }));
    for (const [field, label] of [
      ["part", "Part"],
      ["description", "Description"],
      ["brand", "Brand"],
      ["quantity", "Qty"],
      ["unitPrice", "Unit price"],
      ["availability", "Availability"],
      ["alternative", "Alternative offered \\(optional\\)"],
    ])
      expect(html).toMatch(
        new RegExp(`<label for="lines-2--${field}"[^>]*><span class="sr-only">Line 3 </span>${label}</label>`),
      );
    expect(html).toContain('data-line-total="">£25.80<');
    expect(html).toMatch(/<details class="[^"]*"><summary[^>]*>More<span class="sr-only"> for line 3<\/span>/);
    expect(html).toContain("Move line 3 up");
  });

  it("opens a line's details when its alternative or note needs attention, and names the box", () => {
    const html = renderToStaticMarkup(
      createElement(LineRow, {
        line: emptyLine({ note: "x".repeat(600) }),
        index: 0,
        count: 1,
        errors: { "lines[0].note": "Keep this under 500 characters" },
      }),
    );
    expect(html).toMatch(/<details open=""/);
    expect(html).toContain('aria-describedby="lines-0--note-error"');
  });
});
