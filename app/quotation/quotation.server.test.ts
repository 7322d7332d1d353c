import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import PostalMime from "postal-mime";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultRevisedQuotationEmail } from "#app/content/quotation.ts";
import { sendReply } from "#app/desk/request/replies.server.ts";
import { readConfig } from "#app/lib/env.server.ts";
import { londonDay } from "#app/lib/london-time.ts";
import { checkDraft, type Draft, emptyLine } from "#app/quotation/draft.ts";
import { currentDraft, draftStamp, saveDraft, sendQuotation } from "#app/quotation/quotation.server.ts";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { quotations, quoteMessages, quotes, savedReplies } from "#db/schema.ts";
import { describeDatabase } from "#test/pg.ts";
import { sampleQuote, storeMeta } from "#test/quotes.ts";
import { deliverOutbox, suiteSmtpSink } from "#test/smtp-suite.ts";

const actor = { id: "alex", name: "Alex Turner", email: "alex.turner@wrekin-mro.example" };
const config = readConfig({ SITE_URL: "https://desk.example" });
const farAhead = "2099-12-31";

const sixLines: Draft = {
  lines: [
    emptyLine({
      part: "6205-2RS",
      brand: "SKF",
      description: "Deep groove ball bearing",
      quantity: "4",
      unitPrice: "6.45",
    }),
    emptyLine({
      part: "SPA1250",
      description: "Wedge belt",
      quantity: "2",
      unitPrice: "11.20",
      availability: "days",
      days: "3",
    }),
    emptyLine({
      part: "45x62x8",
      description: "Oil seal",
      quantity: "10",
      unitPrice: "0.99",
      alternative: "Corteco 12011",
    }),
    emptyLine({ description: "Nitrile gloves size 9 (box of 100)", quantity: "5", unitPrice: "7.50" }),
    emptyLine({
      part: "UCP206",
      description: "Pillow block — متوفر 👍",
      quantity: "1",
      unitPrice: "23.00",
      availability: "request",
    }),
    emptyLine({ part: "M10", description: "Nyloc nut", quantity: "100", unitPrice: "0.06", note: "Zinc plated" }),
  ],
  delivery: "9.50",
  validUntil: farAhead,
  paymentTerms: "30 days from invoice",
  deliveryTerms: "Free UK delivery on orders over £150 ex VAT, otherwise £9.95.",
  buyerReference: "",
  deliveryAddress: "",
  vatRate: "20",
  subject: "Quotation {revision} for your request {reference}",
  message: "Dear {name},\n\nPlease find our quotation {revision} attached.\n\nKind regards,",
};

const pdfText = (pdf: Uint8Array) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "quotation-")), "q.pdf");
  fs.writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
};

describe("checking a draft", () => {
  it("works out the totals in pence: 6 lines, delivery and VAT on the net", () => {
    const checked = checkDraft(sixLines, londonDay());
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    // 25.80 + 22.40 + 9.90 + 37.50 + 23.00 + 6.00 + 9.50 delivery = 134.10; VAT 26.82; 160.92.
    expect(checked.value).toMatchObject({ netPence: 13_410, vatPence: 2682, grossPence: 16_092 });
    expect(checked.value.lines[1]?.availabilityText).toBe("3 working days");
  });

  it("refuses prices that are negative, not numbers or over £10,000,000 a line, and more than 200 lines", () => {
    const bad = checkDraft(
      {
        ...sixLines,
        lines: [
          emptyLine({ description: "a", unitPrice: "-5" }),
          emptyLine({ description: "b", unitPrice: "twelve" }),
          emptyLine({ description: "c", quantity: "2", unitPrice: "5000000.01" }),
          emptyLine({ description: "", unitPrice: "1", quantity: "0" }),
        ],
        validUntil: "2020-01-01",
      },
      londonDay(),
    );
    expect(bad).toEqual({
      ok: false,
      errors: {
        "lines[0].unitPrice": "Enter a price in pounds, like 12.50, or POA",
        "lines[1].unitPrice": "Enter a price in pounds, like 12.50, or POA",
        "lines[2].unitPrice": "A line may come to at most £10,000,000",
        "lines[3].description": "Describe the item (or give its part number)",
        "lines[3].quantity": "Enter a whole number from 1 to 1,000,000",
        validUntil: "The validity date has passed; choose a later one",
      },
    });
    const many = checkDraft(
      { ...sixLines, lines: Array(201).fill(emptyLine({ description: "x", unitPrice: "1" })) },
      londonDay(),
    );
    expect(many.ok ? undefined : many.errors.lines).toBe("A quotation has at most 200 lines");
  });

  it("refuses a validity day the calendar does not have", () => {
    // A day the calendar does not have (a hand-made post, or a browser without a date picker): JavaScript reads
    // 30 February as 2 March, and PostgreSQL refuses it, so the quotation's e-mail would fail at every try.
    for (const validUntil of ["2027-02-30", "2027-13-01", "2027-2-1", "tomorrow"]) {
      const odd = checkDraft({ ...sixLines, validUntil }, "2026-11-27");
      expect(odd.ok ? undefined : odd.errors.validUntil, validUntil).toBe("Choose the date the prices hold until");
    }
  });
});

describeDatabase("quotations", (target) => {
  const db = () => target.database.db;
  const sink = suiteSmtpSink();
  beforeEach(async () => {
    await db().execute(sql`truncate quotes, outbox restart identity cascade`);
  });

  async function stored(
    lines: { part: string; quantity: number; brand?: string }[] = [{ part: "6205-2RS", quantity: 4, brand: "SKF" }],
  ) {
    const { reference } = await storeQuote(db(), sampleQuote, storeMeta(), { lines });
    const [quote] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!quote) throw new Error("not stored");
    return quote;
  }
  const send = async (quote: typeof quotes.$inferSelect, draft = sixLines) => {
    const checked = checkDraft(draft, londonDay());
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    return db().transaction((tx) => sendQuotation(tx, quote, draft, checked.value, actor, config.site));
  };

  it("starts a first draft from the parts list, split into part, brand, description and quantity, with the configured defaults", async () => {
    const quote = await stored([
      { part: "6205-2RS", quantity: 4, brand: "SKF" },
      { part: "6205-2RS SKF x10", quantity: 1 },
      { part: "Nitrile gloves size 9 x 20 boxes", quantity: 1 },
    ]);
    const draft = await currentDraft(db(), quote.id, config);
    expect(draft.lines).toEqual([
      emptyLine({ part: "6205-2RS", brand: "SKF", quantity: "4" }),
      emptyLine({ part: "6205-2RS", brand: "SKF", quantity: "10" }),
      emptyLine({ description: "Nitrile gloves size 9 (boxes)", quantity: "20" }),
    ]);
    expect(draft).toMatchObject({ vatRate: "20", paymentTerms: config.quotation.paymentTerms, delivery: "0.00" });
    expect(draft.validUntil > londonDay()).toBe(true);
  });

  it("opens a draft saved before the buyer's reference, delivery address and delivery terms existed", async () => {
    const quote = await stored();
    const { deliveryTerms, buyerReference, deliveryAddress, ...older } = sixLines;
    await db().execute(
      sql`insert into quotations (quote_id, draft) values (${quote.id}, ${JSON.stringify(older)}::jsonb)`,
    );
    const draft = await currentDraft(db(), quote.id, config);
    expect(draft).toMatchObject({
      deliveryTerms: config.quotation.deliveryTerms,
      buyerReference: "",
      deliveryAddress: "",
      paymentTerms: sixLines.paymentTerms,
    });
    expect(checkDraft(draft, londonDay()).ok).toBe(true);
  });

  it("refuses a draft saved from a page opened before someone else saved or sent it, and names them", async () => {
    const quote = await stored();
    const sam = { id: "sam", name: "Sam Price" };
    const opened = await draftStamp(db(), quote.id);
    expect(opened).toBe("none");
    expect(await saveDraft(db(), quote.id, sixLines, opened, actor)).toEqual({ saved: true });
    // Sam opened the editor before Alex saved: Sam's save is refused and names Alex; Alex's work stays.
    expect(await saveDraft(db(), quote.id, { ...sixLines, delivery: "0" }, opened, sam)).toMatchObject({
      saved: false,
      byName: "Alex Turner",
      sent: false,
    });
    expect((await currentDraft(db(), quote.id, config)).delivery).toBe("9.50");
    // Saving again from the page as it is now (Sam's choice) goes through.
    const now = await draftStamp(db(), quote.id);
    expect(await saveDraft(db(), quote.id, { ...sixLines, delivery: "0" }, now, sam)).toEqual({ saved: true });
    await send(quote);
    expect(await saveDraft(db(), quote.id, sixLines, now, actor)).toMatchObject({ saved: false, sent: true });
  });

  it("numbers sent revisions /1, /2 and never lets a sent one change", async () => {
    const quote = await stored();
    expect(await saveDraft(db(), quote.id, sixLines, "none", actor)).toEqual({ saved: true });
    expect((await send(quote)).revision).toBe(`${quote.reference}/1`);
    // The next draft starts from the sent one's prices.
    const next = await currentDraft(db(), quote.id, config);
    expect(next.lines[0]?.unitPrice).toBe("6.45");
    // Its e-mail starts with words that say which revision it replaces, filled when it is sent.
    expect(next).toMatchObject({
      subject: defaultRevisedQuotationEmail.subject,
      message: defaultRevisedQuotationEmail.message,
    });
    const words = { subject: next.subject, message: next.message };
    expect((await send(quote, { ...sixLines, ...words, delivery: "0" })).revision).toBe(`${quote.reference}/2`);
    const [second] = await db().select().from(quotations).where(eq(quotations.revision, 2));
    expect(second?.content?.subject).toBe(`Revised quotation ${quote.reference}/2 for your request ${quote.reference}`);
    expect(second?.content?.message).toContain(
      `Please find our revised quotation ${quote.reference}/2 attached, valid until 31 December 2099. It replaces our quotation ${quote.reference}/1.`,
    );
    const rows = await db().select().from(quotations).where(eq(quotations.quoteId, quote.id));
    expect(rows.map((r) => [r.revision, r.grossPence]).sort()).toEqual([
      [1, 16_092],
      [2, 14_952],
    ]);
    await expect(db().update(quotations).set({ grossPence: 1 }).where(eq(quotations.revision, 1))).rejects.toThrow();
    const [first] = await db().select().from(quotations).where(eq(quotations.revision, 1));
    expect(first?.grossPence).toBe(16_092);
    expect((await db().select().from(quotes).where(eq(quotes.id, quote.id)))[0]?.status).toBe("quoted");
    // A team that wrote its own "Quotation" reply keeps its words for every revision.
    const own = { subject: "Our offer {revision}", body: "Hello {name},\n\nAs promised.\n\nThanks," };
    const [seeded] = await db().select().from(savedReplies).where(eq(savedReplies.title, "Quotation"));
    await db().update(savedReplies).set(own).where(eq(savedReplies.title, "Quotation"));
    expect(await currentDraft(db(), quote.id, config)).toMatchObject({ subject: own.subject, message: own.body });
    await db()
      .update(savedReplies)
      .set({ subject: seeded?.subject, body: seeded?.body })
      .where(eq(savedReplies.title, "Quotation"));
  });

  it("e-mails the buyer the PDF with every line, the totals and the validity date; the first reply is when it left", async () => {
    const quote = await stored();
    await send(quote);
    expect((await db().select().from(quotes).where(eq(quotes.id, quote.id)))[0]?.firstReplyAt).toBeNull();
    await deliverOutbox({ db: db(), config, sink: sink(), dataDir: target.dataDir });
    const mail = sink().messages.find((m) => m.envelope.to.includes(sampleQuote.email));
    expect(mail?.header("subject")).toBe(`Quotation ${quote.reference}/1 for your request ${quote.reference}`);
    expect(mail?.header("from")).toBe("Wrekin MRO Supply <sales@wrekin-mro.example>");
    expect(mail?.text).toContain(`Dear ${sampleQuote.customerName},`);
    // The link to the quotation online comes above the sign-off, and the sender's name right under it.
    expect(mail?.text).toMatch(
      /attached\.\n\nView and accept this quotation online: https:\/\/\S+\n\nKind regards,\nAlex Turner\nWrekin MRO Supply\n/,
    );
    // As Outlook shows it: the HTML part keeps the name under the sign-off too.
    expect(mail?.html).toContain("Kind regards,\nAlex Turner\nWrekin MRO Supply");
    const [row] = await db().select().from(quotations).where(eq(quotations.quoteId, quote.id));
    expect(mail?.header("message-id")).toBe(row?.messageId);
    const parsed = await PostalMime.parse(mail?.raw ?? "");
    const pdf = parsed.attachments.find((a) => a.mimeType === "application/pdf");
    expect(pdf?.filename).toBe(`Quotation ${quote.reference}-1.pdf`);
    const text = pdfText(new Uint8Array(pdf?.content as ArrayBuffer));
    for (const expected of [
      `Quotation ${quote.reference}/1`,
      "Company number 12345678",
      "VAT number GB 123 4567 89",
      "01632 960000",
      "Deep groove ball bearing",
      "Wedge belt",
      "3 working days",
      "Alternative offered: Corteco 12011",
      "Nitrile gloves size 9",
      "Nyloc nut",
      "On request",
      "£134.10",
      "£26.82",
      "£160.92",
      "31 December 2099",
      "30 days from invoice",
      "Your contact",
      "Alex Turner",
      "alex.turner@wrekin-mro.example",
      "Delivery terms",
      "Page 1 of 1",
    ])
      expect(text).toContain(expected);
    const [after] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
    expect(after?.firstReplyAt).not.toBeNull();
    expect(row?.sentAt).not.toBeNull();
  });
});

describeDatabase("replies from the desk", (target) => {
  const db = () => target.database.db;
  const sink = suiteSmtpSink();

  it("fills the placeholders, e-mails the buyer from sales, and counts as the first reply only once it has left", async () => {
    await db().execute(sql`truncate quotes, outbox restart identity cascade`);
    const { reference } = await storeQuote(db(), sampleQuote, storeMeta());
    const [quote] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!quote) throw new Error("not stored");
    await db().transaction((tx) =>
      sendReply(
        tx,
        quote,
        { subject: "More about {reference}", body: "Dear {name}, which {company} site?" },
        actor,
        config.site,
      ),
    );
    const [queued] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
    expect(queued).toMatchObject({ status: "in_progress", firstReplyAt: null });
    await deliverOutbox({ db: db(), config, sink: sink(), dataDir: target.dataDir });
    const mail = sink().messages.find((m) => m.envelope.to.includes(sampleQuote.email));
    expect(mail?.header("subject")).toBe(`More about ${reference}`);
    expect(mail?.header("reply-to")).toBe("Wrekin MRO Supply <sales@wrekin-mro.example>");
    expect(mail?.text).toContain("Dear Dana Fitter, which Severn Foods Ltd site?");
    const [stored] = await db().select().from(quoteMessages).where(eq(quoteMessages.quoteId, quote.id));
    expect(mail?.header("message-id")).toBe(stored?.messageId);
    expect(stored?.sentAt).not.toBeNull();
    expect((await db().select().from(quotes).where(eq(quotes.id, quote.id)))[0]?.firstReplyAt).not.toBeNull();
  });
});
