import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { pages } from "./pages";

export default [
  ...pages.map(({ path, file }) => (path === "/" ? index(file) : route(path.slice(1), file))),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("manifest.webmanifest", "routes/manifest.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
