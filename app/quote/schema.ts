import * as z from "zod/mini";
import { messages, quoteCategories, urgencies } from "#app/content/quote-request.ts";
import { cleanText } from "#app/lib/text.ts";
import type { RequestField } from "#app/request/fields.ts";

type Values<T extends readonly { value: string }[]> = { [K in keyof T]: T[K]["value"] };
const categoryValues = quoteCategories.map((c) => c.value) as unknown as Values<typeof quoteCategories>;
const urgencyValues = urgencies.map((u) => u.value) as unknown as Values<typeof urgencies>;

export const limits = { name: 120, email: 254, company: 120, phone: 40, requirements: 5000 } as const;

const singleLine = (value: string) => !/[\r\n]/.test(value);

const clean = () => z.overwrite(cleanText);

/**
 * What the buyer fills in on the quote form (the request's fields, app/request/fields.ts), checked the same
 * way in the browser and on the server.
 * Written with zod/mini so the page ships a few kilobytes of validation, not the whole library.
 * Empty optional fields arrive as undefined (Conform strips empty strings), so they are never sent on.
 */
export const quoteFieldsSchema = z.object({
  customerName: z
    .string({ error: messages.customerName })
    .check(
      clean(),
      z.trim(),
      z.minLength(1, messages.customerName),
      z.maxLength(limits.name, `Keep your name under ${limits.name} characters`),
      z.refine(singleLine, "Your name must be on one line"),
    ),
  email: z.pipe(
    z
      .string({ error: messages.email })
      .check(clean(), z.trim(), z.maxLength(limits.email, `Keep the e-mail address under ${limits.email} characters`)),
    z.email(messages.email),
  ),
  company: z.optional(
    z
      .string()
      .check(
        clean(),
        z.trim(),
        z.maxLength(limits.company, `Keep the company name under ${limits.company} characters`),
        z.refine(singleLine, "The company name must be on one line"),
      ),
  ),
  phone: z.optional(
    z
      .string()
      .check(
        clean(),
        z.trim(),
        z.maxLength(limits.phone, `Keep the phone number under ${limits.phone} characters`),
        z.regex(/^[0-9+()\-.\s]*$/, "Use digits, spaces and + ( ) - only"),
      ),
  ),
  category: z.optional(z.enum(categoryValues, { error: "Choose a category from the list" })),
  requirements: z
    .string({ error: messages.requirements })
    .check(
      clean(),
      z.trim(),
      z.minLength(1, messages.requirements),
      z.maxLength(limits.requirements, `Keep your requirements under ${limits.requirements} characters`),
    ),
  urgency: z._default(z.enum(urgencyValues, { error: "Choose how urgently you need it" }), "standard"),
} satisfies Record<RequestField, unknown>);

export type QuoteInput = z.infer<typeof quoteFieldsSchema>;
export type QuoteCategory = QuoteInput["category"];
export type Urgency = QuoteInput["urgency"];

/**
 * Hidden fields that travel with the form: the form token (signed by the server when the form comes
 * alive, or the prerendered stand-in without scripts) and a honeypot.
 */
export const quoteFieldsWithGuardsSchema = z.extend(quoteFieldsSchema, {
  // A missing or mangled token never refuses a lead: it reads as "no token", a weak spam signal (ADR 0009).
  formToken: z.pipe(
    z.optional(z.string()),
    z.transform((token) => (token !== undefined && /^[A-Za-z0-9_.-]{8,100}$/.test(token) ? token : "")),
  ),
  website: z.optional(z.string().check(z.maxLength(500))),
});

export type QuoteSubmission = z.infer<typeof quoteFieldsWithGuardsSchema>;
