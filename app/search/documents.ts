import { categories, services } from "#app/content/catalogue.ts";
import type { CategorySlug } from "#app/content/schema.ts";

export const resultKinds = ["category", "type", "brand", "service"] as const;
export type ResultKind = (typeof resultKinds)[number];

/** One thing search can find, and the page it leads to. */
export type SearchDocument = {
  id: string;
  kind: ResultKind;
  title: string;
  /** Where it lives, e.g. "Ball Bearings · Bearings". */
  context: string;
  url: string;
  keywords: string;
  text: string;
  category?: CategorySlug;
};

export const categoryUrl = (slug: CategorySlug) => `/products/${slug}`;

/** Everything the catalogue says, as search documents: categories, type groups and sub-types, brands, services. */
export function searchDocuments(): SearchDocument[] {
  const docs: SearchDocument[] = [];
  for (const category of categories) {
    const url = categoryUrl(category.slug);
    const base = { url, category: category.slug };
    docs.push({
      ...base,
      id: category.slug,
      kind: "category",
      title: category.title,
      context: "Product category",
      keywords: [...category.features, ...category.groups.map((g) => g.name)].join(" · "),
      text: [category.summary, category.intro, ...(category.highlights ?? []).map((h) => `${h.title} ${h.text}`)].join(
        " ",
      ),
    });
    category.groups.forEach((group, g) => {
      docs.push({
        ...base,
        id: `${category.slug}/${g}`,
        kind: "type",
        title: group.name,
        context: category.title,
        keywords: [...group.applications, group.range ?? ""].join(" · "),
        text: group.description,
      });
      group.applications.forEach((application, a) => {
        docs.push({
          ...base,
          id: `${category.slug}/${g}/${a}`,
          kind: "type",
          title: application,
          context: `${group.name} · ${category.title}`,
          keywords: group.name,
          text: category.title,
        });
      });
    });
    for (const brand of category.brands) {
      docs.push({
        ...base,
        id: `${category.slug}/brand/${brand.name}`,
        kind: "brand",
        title: brand.name,
        context: category.title,
        keywords: "",
        text: category.title,
      });
    }
  }
  for (const service of services) {
    docs.push({
      id: `service/${service.slug}`,
      kind: "service",
      title: service.title,
      context: "Services",
      url: `/services#${service.slug}`,
      keywords: service.features.map((f) => f.title).join(" · "),
      text: [service.description, ...service.features.map((f) => f.description)].join(" "),
    });
  }
  return docs;
}
