import { z } from "zod";
import type { Site } from "../content/site.ts";

/**
 * Validates the company's identity at boot. Kept out of app/content/site.ts so pages do not ship zod.
 * Defaults are deliberately fictitious; the operator overrides each field through the environment.
 */
export const siteSchema = z.object({
  name: z.string().trim().min(1),
  phoneDisplay: z.string().trim().min(1),
  phoneTel: z.string().regex(/^\+\d{7,15}$/, "an international number like +441632960000"),
  email: z.email(),
  tradeCounter: z.object({
    label: z.string().trim().min(1),
    locality: z.string().trim().min(1),
    region: z.string().trim().min(1),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
  }),
  companyNumber: z.string().trim().min(1),
  vatNumber: z.string().trim().min(1),
  founded: z.string().trim().min(1),
  hours: z.object({
    weekdays: z.string().trim().min(1),
    saturday: z.string().trim().min(1),
  }),
}) satisfies z.ZodType<Site>;
