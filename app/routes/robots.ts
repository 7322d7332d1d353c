import { getConfig } from "#app/lib/env.server.ts";

export function loader() {
  const siteUrl = getConfig().site.url;
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
