/** The words of a quotation: its e-mail's starting text, availability labels and the PDF's headings. */

export const availabilityLabels = {
  stock: "From stock",
  days: "Working days",
  request: "On request",
} as const;

export function availabilityText(kind: keyof typeof availabilityLabels, days?: number) {
  if (kind === "days") return `${days} working ${days === 1 ? "day" : "days"}`;
  return availabilityLabels[kind];
}

/**
 * Placeholders staff may use in the subject and message; filled when the quotation is sent. {previous} is the
 * revision this one replaces (empty for a first quotation).
 */
export const quotationPlaceholders = [
  "{name}",
  "{reference}",
  "{revision}",
  "{previous}",
  "{validUntil}",
  "{company}",
] as const;

export const defaultQuotationEmail = {
  subject: "Quotation {revision} for your request {reference}",
  message: [
    "Dear {name},",
    "",
    "Thank you for your enquiry. Please find our quotation {revision} attached, valid until {validUntil}.",
    "",
    "To order, or if you would like an alternative, simply reply to this e-mail.",
    "",
    "Kind regards,",
  ].join("\n"),
};

/**
 * A later revision's starting text: the buyer's office files the one that counts, so it says which it replaces.
 * (A team's saved reply called "Quotation" starts every revision instead.)
 */
export const defaultRevisedQuotationEmail = {
  subject: "Revised quotation {revision} for your request {reference}",
  message: [
    "Dear {name},",
    "",
    "Please find our revised quotation {revision} attached, valid until {validUntil}. It replaces our quotation {previous}.",
    "",
    "To order, or if you would like an alternative, simply reply to this e-mail.",
    "",
    "Kind regards,",
  ].join("\n"),
};

/**
 * A chaser: a saved reply whose title starts with this word is offered on a quoted request; the team's own
 * replace the one below. Its {link} is a fresh link to the latest revision online, made when it leaves.
 */
export const chaserTitle = "Chaser";
export const chaserPlaceholders = [
  "{name}",
  "{reference}",
  "{revision}",
  "{validUntil}",
  "{total}",
  "{link}",
  "{company}",
] as const;

export const defaultChaser = {
  subject: "Your quotation {revision}",
  body: [
    "Dear {name},",
    "",
    "I am following up our quotation {revision} for your request {reference}: {total} including VAT, valid until {validUntil}.",
    "",
    "You can view it and accept it online here: {link}",
    "",
    "If anything needs changing, simply reply to this e-mail.",
    "",
    "Kind regards,",
  ].join("\n"),
};

/** A new quotation's delivery terms, unless QUOTATION_DELIVERY_TERMS says otherwise; staff can change them. */
export const defaultDeliveryTerms = "Free UK delivery on orders over £150 ex VAT, otherwise £9.95.";

export const quotationPdfText = {
  title: "Quotation",
  draft: "draft",
  date: "Date",
  columns: ["#", "Description", "Qty", "Unit price", "Availability", "Total"],
  net: "Net (excluding VAT)",
  delivery: "Delivery",
  vat: "VAT",
  gross: "Total including VAT",
  validUntil: "Valid until",
  paymentTerms: "Payment terms",
  deliveryTerms: "Delivery terms",
  for: "For",
  buyerReference: "Your reference",
  deliveryAddress: "Delivery address",
  contact: "Your contact",
  salesOffice: "Sales office",
  poa: "POA",
  poaNote: "Lines marked POA are priced on application and not included in the totals.",
  pricesNote:
    "All prices are in pounds sterling (GBP) and exclude VAT, which is added at the rate shown. Availability is subject to prior sale.",
  supersedes: (revision: number, previous: string) => `Revision ${revision}, supersedes ${previous}`,
  page: (n: number, of: number) => `Page ${n} of ${of}`,
};
