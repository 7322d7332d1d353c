import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { pages } from "./pages";

export default [
  ...pages.map(({ path, file }) => (path === "/" ? index(file) : route(path.slice(1), file))),
  // Answered per request: results depend on the query (not prerendered, not in the sitemap).
  route("search", "routes/search.tsx"),
  route("quote/send", "routes/quote-send.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("manifest.webmanifest", "routes/manifest.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
