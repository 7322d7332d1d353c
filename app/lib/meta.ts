import type { MetaDescriptor } from "react-router";
import { defaultSite } from "#app/content/site.ts";
import type { RootData } from "#app/lib/root-data.ts";

type RootMatch = { id: string; loaderData?: unknown } | undefined;

export type PageMeta = { title: string; description: string; path: string };

/**
 * Title, description, canonical link and share tags for a page. Pages return their PageMeta from the loader,
 * so their copy stays out of the browser bundle; the site name and origin come from the root loader.
 */
export function pageMeta(matches: readonly RootMatch[], page: PageMeta | undefined): MetaDescriptor[] {
  if (!page) return [];
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  const site = root?.site ?? defaultSite;
  const { name, url: origin } = site;
  const url = `${origin}${page.path}`;
  const title = `${page.title} | ${name}`;
  const imageAlt = `${name}: industrial MRO supplies from ${site.tradeCounter.locality}`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: name },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_GB" },
    { property: "og:image", content: `${origin}/social.png` },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: `${origin}/social.png` },
    { name: "twitter:image:alt", content: imageAlt },
  ];
}
