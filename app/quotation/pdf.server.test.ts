import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { type Config, ConfigError, readConfig } from "#app/lib/env.server.ts";
import { checkDraft, type Draft, emptyLine } from "#app/quotation/draft.ts";
import { renderQuotationPdf } from "#app/quotation/pdf.server.ts";

const config = readConfig({});
const reference = "Q-261125-7KX2M";
const issuedAt = new Date("2026-11-25T10:00:00Z");
const id = (i: number) => String(i + 1).padStart(3, "0");

/** n lines of different heights (some with a brand, some with a note), each with tokens found by page. */
function draft(n: number, fields: Partial<Draft> = {}): Draft {
  return {
    lines: Array.from({ length: n }, (_, i) =>
      emptyLine({
        part: `PART-${id(i)}`,
        description: `ITEM-${id(i)} taper roller bearing 30205`,
        brand: i % 3 ? "Timken" : "",
        note: i % 4 === 0 ? `NOTE-${id(i)} sold in boxes of 10` : "",
        quantity: String(i + 1),
        unitPrice: "12.50",
      }),
    ),
    delivery: "9.50",
    validUntil: "2099-12-31",
    paymentTerms: "30 days from invoice for account holders",
    deliveryTerms: "Free UK delivery on orders over £150 ex VAT, otherwise £9.95.",
    buyerReference: "",
    deliveryAddress: "",
    vatRate: "20",
    subject: "Quotation {revision}",
    message: "Attached.",
    ...fields,
  };
}

async function render(d: Draft, options: { revision?: number | null; site?: Config["site"] } = {}) {
  const checked = checkDraft(d, "2026-01-01");
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return renderQuotationPdf({
    site: options.site ?? config.site,
    reference,
    revision: options.revision === undefined ? 2 : options.revision,
    buyer: { name: "Dana Fitter", company: "Severn Foods Ltd", email: "dana@severn.example" },
    content: { ...checked.value, sender: { name: "Alex Turner", email: "alex.turner@wrekin-mro.example" } },
    issuedAt,
  });
}

const saved = (pdf: Uint8Array) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "quotation-")), "q.pdf");
  fs.writeFileSync(file, pdf);
  return file;
};
/** The text of each page, as pdftotext lays it out, with runs of white space made one space. */
function pages(pdf: Uint8Array) {
  const file = saved(pdf);
  const count = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))?.[1]);
  return Array.from({ length: count }, (_, i) =>
    execFileSync("pdftotext", ["-layout", "-f", String(i + 1), "-l", String(i + 1), file, "-"], { encoding: "utf8" })
      .replace(/\s+/g, " ")
      .trim(),
  );
}
const pagesWith = (texts: string[], needle: string | RegExp) =>
  texts.flatMap((text, i) => ((typeof needle === "string" ? text.includes(needle) : needle.test(text)) ? [i] : []));

const headings = /# Description Qty Unit price Availability Total/;
const closingBlock = [
  "Delivery £9.50",
  "Net (excluding VAT)",
  "VAT at 20%",
  "Total including VAT",
  "Payment terms 30 days from invoice for account holders",
  "Delivery terms Free UK delivery on orders over £150 ex VAT, otherwise £9.95.",
  "Valid until 31 December 2099",
  "All prices are in pounds sterling (GBP) and exclude VAT",
];

describe("the quotation PDF's pages", () => {
  it.each([3, 45, 60])(
    "%i lines: every page names the company, the quotation, its date and Page n of m; headings on every page with lines; no line split; totals and terms together",
    async (n) => {
      const texts = pages(await render(draft(n)));
      const count = texts.length;
      if (n > 3) expect(count).toBeGreaterThan(2);
      texts.forEach((text, i) => {
        expect(text).toContain(config.site.name);
        expect(text).toContain(`Quotation ${reference}/2`);
        expect(text).toContain("25 November 2026");
        expect(text).toMatch(new RegExp(`Page ${i + 1} of ${count}$`));
        if (text.includes("ITEM-")) expect(text).toMatch(headings);
      });
      for (let i = 0; i < n; i++) {
        const where = pagesWith(texts, `ITEM-${id(i)}`);
        expect(where, `line ${i + 1}`).toHaveLength(1);
        // The whole row (its part number, brand and note under the description) is on that one page.
        expect(pagesWith(texts, `PART-${id(i)}`)).toEqual(where);
        if (i % 4 === 0) expect(pagesWith(texts, `NOTE-${id(i)}`)).toEqual(where);
      }
      for (const words of closingBlock) expect(pagesWith(texts, words), words).toEqual([count - 1]);
    },
  );

  it("keeps the totals and terms on one page whatever the number of lines, with the headings only where lines are", async () => {
    const together = ["Delivery £9.50", "Net (excluding VAT)", "VAT at 20%", "Total including VAT", "Payment terms"];
    const problems: string[] = [];
    for (let n = 30; n <= 56; n += 2) {
      const texts = pages(await render(draft(n)));
      const where = [...new Set(together.flatMap((words) => pagesWith(texts, words)))];
      if (where.join() !== String(texts.length - 1)) problems.push(`${n} lines: totals and terms on pages ${where}`);
      texts.forEach((text, i) => {
        if (headings.test(text) !== text.includes("ITEM-"))
          problems.push(`${n} lines: headings wrong on page ${i + 1}`);
      });
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

describe("what the quotation states", () => {
  it("carries the trading disclosures from configuration on every page, and the buyer's details, our contact and the terms", async () => {
    const site = readConfig({
      SITE_NAME: "Acme Bearings",
      SITE_REGISTERED_NAME: "Acme Bearings (Test) Ltd",
      SITE_REGISTERED_IN: "Scotland",
      SITE_REGISTERED_OFFICE: "1 Test Street, Glasgow G1 1AA",
      SITE_COMPANY_NUMBER: "SC000001",
      SITE_VAT_NUMBER: "GB 000 0000 01",
    }).site;
    const texts = pages(
      await render(
        draft(45, {
          buyerReference: "PO-4471/B",
          deliveryAddress: "Goods in, Severn Foods Ltd\nHalesfield 19\nTelford TF7 4QT",
        }),
        { site },
      ),
    );
    for (const text of texts)
      expect(text).toContain(
        "Acme Bearings (Test) Ltd · Registered in Scotland · Company number SC000001 · Registered office: 1 Test Street, Glasgow G1 1AA · VAT number GB 000 0000 01",
      );
    const first = texts[0] ?? "";
    for (const words of [
      "Severn Foods Ltd",
      "Your reference: PO-4471/B",
      "Delivery address Goods in, Severn Foods Ltd Halesfield 19 Telford TF7 4QT",
      "Your contact",
      "Alex Turner",
      "alex.turner@wrekin-mro.example",
      "Valid until: 31 December 2099",
    ])
      expect(first).toContain(words);
    for (const words of closingBlock) expect(texts.at(-1)).toContain(words);
  });

  it("refuses a place of registration that is not a part of the UK, naming the variable", () => {
    expect(() => readConfig({ SITE_REGISTERED_IN: "Wales" })).toThrow(ConfigError);
    expect(() => readConfig({ SITE_REGISTERED_IN: "Wales" })).toThrow(/SITE_REGISTERED_IN/);
  });

  it("prints POA for a line priced on application, never £0.00, and leaves it out of the totals with a note", async () => {
    const d = draft(3);
    d.lines[1] = {
      ...emptyLine({ description: "ITEM-POA spherical roller bearing 22320", quantity: "2" }),
      unitPrice: "POA",
    };
    const checked = checkDraft(d, "2026-01-01");
    if (!checked.ok) throw new Error("invalid");
    // 1 × £12.50 + 3 × £12.50 + £9.50 delivery = £59.50; VAT £11.90.
    expect(checked.value).toMatchObject({ netPence: 5950, vatPence: 1190, grossPence: 7140 });
    expect(checked.value.lines[1]).toMatchObject({ unitPence: null, totalPence: null });
    const [text = ""] = pages(await render(d));
    expect(text).toMatch(/2 ITEM-POA spherical roller bearing 22320 2 POA From stock POA/);
    expect(text).not.toContain("£0.00");
    expect(text).toContain("Total including VAT £71.40");
    expect(text).toContain("Lines marked POA are priced on application and not included in the totals.");
    expect(pages(await render(draft(3))).join(" ")).not.toContain("POA");
  });

  it("says which revision a revision supersedes", async () => {
    expect(pages(await render(draft(3), { revision: 3 }))[0]).toContain(
      `Quotation ${reference}/3 Revision 3, supersedes ${reference}/2`,
    );
    expect(pages(await render(draft(3), { revision: 1 }))[0]).not.toContain("supersedes");
    expect(pages(await render(draft(3), { revision: null }))[0]).toContain(`Quotation ${reference} (draft)`);
  });
});

/** Every glyph the PDF's text draws: pdfkit writes them as 4-digit hex glyph numbers; 0000 is .notdef. */
function glyphsDrawn(pdf: Buffer) {
  const raw = pdf.toString("latin1");
  const glyphs: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const body = pdf.subarray(start, raw.indexOf("endstream", start));
    let content: string;
    try {
      content = zlib.inflateSync(body).toString("latin1");
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\] TJ/g))
      for (const hex of (array[1] ?? "").matchAll(/<([0-9a-f]*)>/g)) glyphs.push(...(hex[1]?.match(/.{4}/g) ?? []));
  }
  return glyphs;
}

describe("text anyone types", () => {
  it("prints Greek, Cyrillic, symbols, CJK and emoji with fonts that have them: no empty boxes", async () => {
    const d = draft(2);
    const line = {
      description: "ITEM-X Ωμέγα Подшипник",
      part: "Ø20 ± 0.01 × 5 µm ⌀ 80 °C",
      note: "中文 日本語 한국어 👍🚀",
    };
    d.lines[0] = { ...emptyLine(line), unitPrice: "1.00" };
    const pdf = await render(d, { revision: 1 });
    const [text = ""] = pages(pdf);
    const glyphs = glyphsDrawn(pdf);
    expect(glyphs.length).toBeGreaterThan(500);
    expect(glyphs.filter((glyph) => glyph === "0000")).toEqual([]);
    for (const words of [line.description, `Part: ${line.part}`, line.note]) expect(text).toContain(words);
  });

  it("renders 200 lines over several pages with emoji and right-to-left text in them", async () => {
    const lines = Array(200).fill(emptyLine({ description: "مضخة — pump 🚀", unitPrice: "1.00" }));
    const texts = pages(await render(draft(0, { lines, delivery: "9.50" }), { revision: 1 }));
    expect(texts.at(-1)).toContain("£209.50");
    expect(texts.join(" ").match(/pump/g)?.length).toBe(200);
  });

  it("breaks lines typed in a browser's text box (CRLF) where they were typed, with no box at their ends", async () => {
    const d = draft(1, {
      deliveryAddress: "Goods in\r\nHalesfield 19\r\nTelford TF7 4QT",
      paymentTerms: "30 days from invoice\r\nfor account holders",
      deliveryTerms: "Next working day\rby carrier",
    });
    d.lines[0] = {
      ...emptyLine({ description: "ITEM-Z seal kit", note: "Two per box\r\nSold by the box" }),
      unitPrice: "1",
    };
    const pdf = await render(d, { revision: 1 });
    expect(glyphsDrawn(pdf).filter((glyph) => glyph === "0000")).toEqual([]);
    const [text = ""] = pages(pdf);
    for (const words of [
      "Goods in Halesfield 19 Telford TF7 4QT",
      "Two per box Sold by the box",
      "Next working day by carrier",
    ])
      expect(text).toContain(words);
  });

  it("prints a character no font has as its code point", async () => {
    const d = draft(1);
    d.lines[0] = { ...emptyLine({ description: "ITEM-Y private \uE000 use" }), unitPrice: "1.00" };
    const pdf = await render(d, { revision: 1 });
    expect(pages(pdf)[0]).toContain("ITEM-Y private [U+E000] use");
    expect(glyphsDrawn(pdf).filter((glyph) => glyph === "0000")).toEqual([]);
  });
});
