import { getConfig } from "#app/lib/env.server.ts";
import { pageUrls } from "#app/pages.ts";

export function loader() {
  const siteUrl = getConfig().site.url;
  const urls = pageUrls.map((path) => `  <url><loc>${siteUrl}${path}</loc></url>`);
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
