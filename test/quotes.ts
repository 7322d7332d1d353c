import { type Draft, emptyLine } from "#app/quotation/draft.ts";
import type { StoreMeta } from "#app/quote/save-quote.server.ts";
import type { QuoteInput } from "#app/quote/schema.ts";

/** A complete quote request, every optional field filled. */
export const sampleQuote: QuoteInput = {
  customerName: "Dana Fitter",
  email: "dana@works.example",
  company: "Severn Foods Ltd",
  phone: "01632 960123",
  category: "bearings",
  requirements: "2 x 6205-2RS deep groove bearings",
  urgency: "standard",
};

let keys = 0;

/** Storage metadata with a fresh idempotency key each time. */
export const storeMeta = (overrides: Partial<StoreMeta> = {}): StoreMeta => ({
  idempotencyKey: `key-${++keys}-${Math.random()}`,
  spam: false,
  ipSalt: "test-salt",
  forward: false,
  acknowledge: false,
  ...overrides,
});

/** A quotation as the desk prices it: 4 × bearing 6205-2RS at £6.45, free delivery, valid until 2099. */
export const sampleDraft = (overrides: Partial<Draft> = {}): Draft => ({
  lines: [emptyLine({ part: "6205-2RS", description: "Bearing", quantity: "4", unitPrice: "6.45" })],
  delivery: "0",
  validUntil: "2099-12-31",
  paymentTerms: "30 days",
  deliveryTerms: "Free UK delivery",
  buyerReference: "",
  deliveryAddress: "",
  vatRate: "20",
  subject: "Quotation {revision}",
  message: "Dear {name}, attached.",
  ...overrides,
});
