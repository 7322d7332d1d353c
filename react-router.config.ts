import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every page is rendered to HTML at build time; the sitemap and robots.txt name the origin the server
  // runs under (SITE_URL), and search results depend on the query, so those are answered at request time.
  prerender: ({ getStaticPaths }) =>
    getStaticPaths().filter((path) => !/\.(xml|txt|webmanifest)$/.test(path) && path !== "/search"),
} satisfies Config;
