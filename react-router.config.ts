import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every page is rendered to HTML at build time; the sitemap and robots.txt name the origin the server
  // runs under (SITE_URL), so they are answered at request time. The staff desk is per request, always.
  prerender: ({ getStaticPaths }) =>
    getStaticPaths().filter((path) => !/\.(xml|txt|webmanifest)$/.test(path) && !/^\/desk(\/|$)/.test(path)),
} satisfies Config;
