import { availabilityText, defaultQuotationEmail, defaultRevisedQuotationEmail } from "#app/content/quotation.ts";
import { isCalendarDay } from "#app/lib/opening-hours.ts";
import { cleanText, plainLineEnds } from "#app/lib/text.ts";
import { basisPointsFrom, isPoa, maxLinePence, quotationTotals, readPrice } from "#app/quotation/money.ts";

export const availabilityKinds = ["stock", "days", "request"] as const;
export type Availability = (typeof availabilityKinds)[number];

/** A quotation line as typed: kept as text while it is a draft, so nothing typed is lost to a mistake. */
export type DraftLine = {
  part: string;
  brand: string;
  description: string;
  quantity: string;
  unitPrice: string;
  availability: Availability;
  days: string;
  alternative: string;
  note: string;
};

export type Draft = {
  lines: DraftLine[];
  delivery: string;
  validUntil: string;
  paymentTerms: string;
  deliveryTerms: string;
  /** The buyer's own reference for their enquiry or order, printed on the quotation. */
  buyerReference: string;
  /** Where the goods go, when it is not the buyer's usual address; may be empty. */
  deliveryAddress: string;
  vatRate: string;
  subject: string;
  message: string;
};

export type QuotationLine = {
  part: string;
  brand: string;
  description: string;
  quantity: number;
  /** Null for a line priced on application (POA): it prints POA and is left out of the totals. */
  unitPence: number | null;
  availability: Availability;
  days?: number;
  alternative: string;
  note: string;
};

/**
 * A quotation ready to send: numbers checked, totals worked out on the server. The optional fields are
 * missing from revisions sent before they existed.
 */
export type CheckedQuotation = {
  lines: (QuotationLine & { totalPence: number | null; availabilityText: string })[];
  deliveryPence: number;
  validUntil: string;
  paymentTerms: string;
  deliveryTerms?: string;
  buyerReference?: string;
  deliveryAddress?: string;
  /** Who sent it: the buyer's named contact. */
  sender?: { name: string; email: string };
  vatBasisPoints: number;
  subject: string;
  message: string;
  netPence: number;
  vatPence: number;
  grossPence: number;
};

export const maxLines = 200;
export const fieldLimits = {
  part: 120,
  brand: 80,
  description: 500,
  alternative: 200,
  note: 500,
  paymentTerms: 300,
  deliveryTerms: 300,
  buyerReference: 80,
  deliveryAddress: 300,
  subject: 200,
  message: 5000,
} as const;

export const emptyLine = (fields: Partial<DraftLine> = {}): DraftLine => ({
  part: "",
  brand: "",
  description: "",
  quantity: "1",
  unitPrice: "",
  availability: "stock",
  days: "",
  alternative: "",
  note: "",
  ...fields,
});

// Characters nobody types become spaces, as in the public form (cleanText); then cut at twice the limit.
const clean = (value: unknown, max: number) =>
  typeof value === "string"
    ? Array.from(cleanText(value))
        .slice(0, max * 2)
        .join("")
    : "";

/** The draft as posted: `lines[0].description` and so on, in the order the page showed them. */
export function draftFromForm(form: FormData): Draft {
  const text = (name: string, max = 5000) => clean(form.get(name), max);
  const count = Math.min(maxLines + 1, Math.max(0, Number.parseInt(text("lineCount"), 10) || 0));
  const lines = Array.from({ length: count }, (_, i) => {
    const field = (name: keyof DraftLine, max: number) => text(`lines[${i}].${name}`, max);
    const availability = field("availability", 10);
    return {
      part: field("part", fieldLimits.part),
      brand: field("brand", fieldLimits.brand),
      description: field("description", fieldLimits.description),
      quantity: field("quantity", 20),
      unitPrice: field("unitPrice", 30),
      availability: (availabilityKinds as readonly string[]).includes(availability)
        ? (availability as Availability)
        : "stock",
      days: field("days", 10),
      alternative: field("alternative", fieldLimits.alternative),
      note: field("note", fieldLimits.note),
    };
  });
  return {
    lines,
    delivery: text("delivery", 30),
    validUntil: text("validUntil", 20),
    paymentTerms: text("paymentTerms", fieldLimits.paymentTerms),
    deliveryTerms: text("deliveryTerms", fieldLimits.deliveryTerms),
    buyerReference: text("buyerReference", fieldLimits.buyerReference),
    deliveryAddress: text("deliveryAddress", fieldLimits.deliveryAddress),
    vatRate: text("vatRate", 10),
    subject: text("subject", fieldLimits.subject),
    message: text("message", fieldLimits.message),
  };
}

type AddedFields = "deliveryTerms" | "buyerReference" | "deliveryAddress";
/** A draft as stored: one saved before a field existed lacks it. */
export type StoredDraft = Omit<Draft, AddedFields> & Partial<Pick<Draft, AddedFields>>;

/** A stored draft with the fields it may lack filled in, so drafts saved by an older version still open. */
export function draftFromStored(stored: StoredDraft, defaults: { deliveryTerms: string }): Draft {
  return {
    ...stored,
    deliveryTerms: stored.deliveryTerms ?? defaults.deliveryTerms,
    buyerReference: stored.buyerReference ?? "",
    deliveryAddress: stored.deliveryAddress ?? "",
  };
}

const tooLong = (value: string, max: number) => Array.from(value).length > max;
const keepUnder = (max: number) => `Keep this under ${max.toLocaleString("en-GB")} characters`;

/** Checks each line; a line with a quantity and a price (or POA) is kept, with its total. */
function checkLines(draft: Draft, errors: Record<string, string>) {
  const lines: CheckedQuotation["lines"] = [];
  draft.lines.slice(0, maxLines).forEach((line, i) => {
    const name = (field: string) => `lines[${i}].${field}`;
    const description = line.description.trim() || line.part.trim();
    if (!description) errors[name("description")] = "Describe the item (or give its part number)";
    for (const field of ["part", "brand", "description", "alternative", "note"] as const)
      if (tooLong(line[field], fieldLimits[field])) errors[name(field)] = keepUnder(fieldLimits[field]);
    const quantity = /^\d{1,7}$/.test(line.quantity.trim()) ? Number(line.quantity.trim()) : 0;
    if (quantity < 1 || quantity > 1_000_000) errors[name("quantity")] = "Enter a whole number from 1 to 1,000,000";
    const price = isPoa(line.unitPrice) ? { pence: null } : readPrice(line.unitPrice);
    const unitPence = "pence" in price ? price.pence : undefined;
    if (unitPence === undefined) errors[name("unitPrice")] = "error" in price ? price.error : "";
    else if (unitPence !== null && quantity > 0 && quantity * unitPence > maxLinePence)
      errors[name("unitPrice")] = "A line may come to at most £10,000,000";
    const days = line.availability === "days" ? Number(line.days.trim()) : undefined;
    if (days !== undefined && !(/^\d{1,3}$/.test(line.days.trim()) && days >= 1))
      errors[name("days")] = "Enter the number of working days, like 3";
    if (unitPence !== undefined && quantity > 0)
      lines.push({
        part: line.part.trim(),
        brand: line.brand.trim(),
        description,
        quantity,
        unitPence,
        availability: line.availability,
        ...(days ? { days } : {}),
        alternative: line.alternative.trim(),
        note: line.note.trim(),
        totalPence: unitPence === null ? null : quantity * unitPence,
        availabilityText: availabilityText(line.availability, days),
      });
  });
  return lines;
}

/** Checks a draft before it is sent; messages are keyed by the field's name on the page. */
export function checkDraft(
  draft: Draft,
  today: string,
): { ok: true; value: CheckedQuotation } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (draft.lines.length === 0) errors.lines = "Add at least one line";
  if (draft.lines.length > maxLines) errors.lines = `A quotation has at most ${maxLines} lines`;
  const lines = checkLines(draft, errors);
  const delivery = draft.delivery.trim() === "" ? { pence: 0 } : readPrice(draft.delivery);
  const deliveryPence = "pence" in delivery ? delivery.pence : undefined;
  if (deliveryPence === undefined)
    errors.delivery =
      "error" in delivery && !delivery.error.startsWith("Enter")
        ? delivery.error
        : "Enter the delivery charge in pounds, like 9.50 (or 0)";
  else if (deliveryPence > maxLinePence) errors.delivery = "Delivery may be at most £10,000,000";
  const vatBasisPoints = basisPointsFrom(draft.vatRate);
  if (vatBasisPoints === undefined) errors.vatRate = "Enter the VAT rate in per cent, like 20";
  if (!isCalendarDay(draft.validUntil)) errors.validUntil = "Choose the date the prices hold until";
  else if (draft.validUntil < today) errors.validUntil = "The validity date has passed; choose a later one";
  if (!draft.paymentTerms.trim()) errors.paymentTerms = "State the payment terms";
  if (!draft.deliveryTerms.trim()) errors.deliveryTerms = "State the delivery terms";
  if (!draft.subject.trim()) errors.subject = "Write a subject";
  if (!draft.message.trim()) errors.message = "Write the message that goes with the quotation";
  for (const field of [
    "paymentTerms",
    "deliveryTerms",
    "buyerReference",
    "deliveryAddress",
    "subject",
    "message",
  ] as const)
    if (tooLong(draft[field], fieldLimits[field])) errors[field] = keepUnder(fieldLimits[field]);
  if (Object.keys(errors).length > 0 || deliveryPence === undefined || vatBasisPoints === undefined)
    return { ok: false, errors };
  const totals = quotationTotals(lines, deliveryPence, vatBasisPoints);
  return {
    ok: true,
    value: {
      lines,
      deliveryPence,
      validUntil: draft.validUntil,
      paymentTerms: draft.paymentTerms.trim(),
      deliveryTerms: draft.deliveryTerms.trim(),
      buyerReference: draft.buyerReference.trim(),
      deliveryAddress: draft.deliveryAddress.trim(),
      vatBasisPoints,
      subject: draft.subject.trim(),
      message: draft.message.trim(),
      netPence: totals.net,
      vatPence: totals.vat,
      grossPence: totals.gross,
    },
  };
}

/** Fills {name}, {reference} and the other placeholders; unknown ones are left as typed. */
export function fillPlaceholders(text: string, values: Record<string, string>) {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * A quotation's e-mail texts as the revision they start needs them: where they are still our starting words, a
 * later revision's say which one it replaces and a first one's do not. Words the team typed are kept.
 */
export function startingWordsFor<T extends { subject: string; message: string }>(texts: T, later: boolean): T {
  const ours = [defaultQuotationEmail, defaultRevisedQuotationEmail];
  const wanted = later ? defaultRevisedQuotationEmail : defaultQuotationEmail;
  // A browser's text box sends CRLF line ends.
  const isOurs = (field: "subject" | "message") =>
    ours.some((words) => words[field] === plainLineEnds(texts[field]).trim());
  return {
    ...texts,
    subject: isOurs("subject") ? wanted.subject : texts.subject,
    message: isOurs("message") ? wanted.message : texts.message,
  };
}
