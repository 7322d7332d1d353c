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
