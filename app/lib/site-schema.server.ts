import { z } from "zod";
import type { Site } from "#app/content/site.ts";

/**
 * Validates the company's identity at boot. Kept out of app/content/site.ts so pages do not ship zod.
 * Defaults are deliberately fictitious; the operator overrides each field through the environment.
 */
const text = z.string().trim().min(1);
const webAddress = z.url({ protocol: /^https?$/ });

export const siteSchema = z.object({
  name: z.string().trim().min(1),
  url: webAddress.regex(/[^/]$/, "an origin without a trailing slash"),
  phoneDisplay: z.string().trim().min(1),
  phoneTel: z.string().regex(/^\+\d{7,15}$/, "an international number like +441632960000"),
  outOfHoursPhone: z.string().trim().min(1).optional(),
  email: z.email(),
  tradeCounter: z.object({
    label: text,
    streetAddress: text,
    locality: text,
    region: text,
    postcode: text,
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
  }),
  sameAs: z.array(webAddress),
  registeredName: text,
  registeredIn: z.enum(["England and Wales", "Scotland", "Northern Ireland"]),
  registeredOffice: text,
  companyNumber: z.string().trim().min(1),
  vatNumber: z.string().trim().min(1),
  founded: z.string().trim().min(1),
  hours: z.object({
    weekdays: z.string().trim().min(1),
    saturday: z.string().trim().min(1),
  }),
  navigation: z.array(z.object({ label: text, id: text, isRoute: z.boolean(), route: text.startsWith("/") })),
}) satisfies z.ZodType<Site>;
