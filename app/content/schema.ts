import { z } from "zod";

/** Shapes of the static content. Every content module is parsed with these in tests. */

const text = z.string().trim().min(1);
const imagePath = z.string().regex(/^\/art\/[a-z0-9/-]+\.svg$/, "an /art/…svg path");

export const categorySlugs = [
  "bearings",
  "sealing-solutions",
  "power-transmission",
  "fluid-power",
  "drives-pumps",
  "tools-maintenance",
  "ppe-safety",
  "industrial-electrical",
] as const;
export type CategorySlug = (typeof categorySlugs)[number];

export const brandSchema = z.object({
  name: text,
  /** A logo file under /brands/, only where the operator has supplied one; otherwise a text wordmark is shown. */
  logo: z.string().optional(),
});

export const typeGroupSchema = z.object({
  name: text,
  description: text,
  /** Sub-types shown as tiles. */
  applications: z.array(text).min(1),
  /** Size or range text exactly as the original site writes it, where it gives one. */
  range: text.optional(),
});

export const highlightSchema = z.object({ title: text, text });

export const categorySchema = z.object({
  slug: z.enum(categorySlugs),
  title: text,
  image: imagePath,
  alt: text,
  /** One or two sentences for the overview card. */
  summary: text,
  /** Hero paragraph on the category page. */
  intro: text,
  /** Feature names listed on the overview card. */
  features: z.array(text).min(3).max(6),
  isNew: z.boolean(),
  groups: z.array(typeGroupSchema).min(1),
  brands: z.array(brandSchema).min(1),
  highlights: z.array(highlightSchema).optional(),
  metaDescription: z.string().min(50).max(160),
});

export const serviceFeatureSchema = z.object({ title: text, description: text });

export const serviceSchema = z.object({
  slug: z.string().regex(/^[a-z-]+$/),
  title: text,
  description: text,
  image: imagePath,
  alt: text,
  features: z.array(serviceFeatureSchema).length(4),
});

export const slideSchema = z.object({ src: imagePath, alt: text, caption: text });

export const industrySchema = z.object({ icon: imagePath, title: text });

export const claimSchema = z.object({
  title: text,
  text,
  /** A lucide-react icon component name, e.g. "Truck". */
  icon: z.string().regex(/^[A-Z][A-Za-z0-9]+$/),
});

export type Brand = z.infer<typeof brandSchema>;
export type TypeGroup = z.infer<typeof typeGroupSchema>;
export type Highlight = z.infer<typeof highlightSchema>;
export type Category = z.infer<typeof categorySchema>;
export type ServiceFeature = z.infer<typeof serviceFeatureSchema>;
export type Service = z.infer<typeof serviceSchema>;
export type Slide = z.infer<typeof slideSchema>;
export type Industry = z.infer<typeof industrySchema>;
export type Claim = z.infer<typeof claimSchema>;
