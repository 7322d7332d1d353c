import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // One chunk per route: split client actions would be one more script request on the home page.
  splitRouteModules: false,
  // Every page is rendered to HTML at build time; the sitemap and robots.txt name the origin the server
  // runs under (SITE_URL), so they are answered at request time.
  prerender: ({ getStaticPaths }) => getStaticPaths().filter((path) => !/\.(xml|txt|webmanifest)$/.test(path)),
} satisfies Config;
