import { describe, expect, it } from "vitest";
import { readConfig } from "#app/lib/env.server.ts";
import { forwardQuote } from "#app/mail-out/forward.server.ts";
import { composeQuoteEmail } from "#app/mail-out/mail.server.ts";
import { idempotencyKey } from "#app/quote/idempotency.server.ts";
import { type QuoteInput, quoteFieldsSchema } from "#app/quote/schema.ts";
import { STATIC_FORM_TOKEN } from "#app/quote/use-form-token.ts";
import { quoteCsvCells, quoteCsvHeader } from "#app/request/csv.ts";
import { fieldText, type RequestField, requestFields } from "#app/request/fields.ts";

// A field added to the quote form must reach every place a request's fields go: these fail for the one
// it does not reach.

const config = readConfig({ NODE_ENV: "test", SITE_URL: "https://shop.example" });

/** Every field filled, each with a value found nowhere else in the request. */
const quote = {
  customerName: "Nadia Fieldhouse",
  email: "nadia@fieldhouse.example",
  company: "Fieldhouse Packaging Ltd",
  phone: "01632 960777",
  category: "sealing",
  requirements: "Twelve Viton O-rings, 40 x 3 mm",
  urgency: "urgent",
} as const satisfies QuoteInput;

/** The same request with one field changed to another value the form accepts. */
function changed(name: RequestField): QuoteInput {
  switch (name) {
    case "category":
      return { ...quote, category: "bearings" };
    case "urgency":
      return { ...quote, urgency: "emergency" };
    default:
      return { ...quote, [name]: `${quote[name]} 2` };
  }
}

function fieldNamed(name: RequestField) {
  const field = requestFields.find((f) => f.name === name);
  if (!field) throw new Error(`No request field ${name}`);
  return field;
}

const stored = {
  ...quote,
  reference: "Q-261122-7F3K9",
  createdAt: new Date("2026-11-22T10:00:00Z"),
  status: "new" as const,
};
const fieldNames = requestFields.map((field) => field.name);

describe("a request's fields", () => {
  it("are the fields the quote form sends, in its order", () => {
    expect(fieldNames).toEqual(Object.keys(quoteFieldsSchema.shape));
  });

  it.each(fieldNames)("make two submissions differing only in %s two requests", (name) => {
    const key = (input: QuoteInput) => idempotencyKey("token-123456", input, [], []);
    expect(key({ ...quote })).toBe(key(quote));
    expect(key(changed(name))).not.toBe(key(quote));
  });

  it("count the same content sent from the prerendered form as one request only on the same day", () => {
    const key = (day: string) => idempotencyKey(STATIC_FORM_TOKEN, quote, [], [], new Date(`${day}T12:00:00Z`));
    expect(key("2026-11-27")).toBe(key("2026-11-27"));
    expect(key("2026-12-04")).not.toBe(key("2026-11-27"));
    const own = (day: string) => idempotencyKey("token-123456", quote, [], [], new Date(`${day}T12:00:00Z`));
    expect(own("2026-12-04")).toBe(own("2026-11-27"));
  });

  it.each(fieldNames)("put %s in the sales notification", (name) => {
    const field = fieldNamed(name);
    const email = composeQuoteEmail(stored, config);
    expect(email.text).toContain(`${field.label}:`);
    expect(email.text).toContain(fieldText(field, stored, ""));
    expect(email.html).toContain(field.label);
  });

  it.each(fieldNames)("give %s a column of the CSV", (name) => {
    const field = fieldNamed(name);
    const column = quoteCsvHeader.indexOf(field.label);
    expect(column).toBeGreaterThan(-1);
    expect(quoteCsvCells(stored)[column]).toBe(fieldText(field, stored, ""));
  });

  it.each(fieldNames)("send %s on to the form service under its own name", async (name) => {
    let sent: FormData | undefined;
    const fetchStub = async (_url: string | URL | Request, init?: RequestInit) => {
      sent = init?.body as FormData;
      return new Response(null, { status: 200 });
    };
    await forwardQuote("https://forms.example/f", stored, fetchStub);
    expect(sent?.get(name)).toBe(quote[name]);
  });
});
