import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every route without parameters (all but the 404 catch-all) is rendered to HTML at build time.
  prerender: ({ getStaticPaths }) => getStaticPaths(),
} satisfies Config;
