import type { Config } from "@react-router/dev/config";
import { pageUrls } from "#app/pages.ts";

export default {
  ssr: true,
  // One chunk per route: split client actions would be one more script request on the home page.
  splitRouteModules: false,
  // Every page is rendered to HTML at build time, the category pages from their one route; the sitemap and
  // robots.txt name the origin the server runs under (SITE_URL), and search results depend on the query,
  // so those are answered at request time.
  prerender: pageUrls,
} satisfies Config;
