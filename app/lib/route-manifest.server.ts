import { type UNSAFE_AssetsManifest as AssetsManifest, matchRoutes, type RouteObject } from "react-router";

const start = "window.__reactRouterManifest = ";
const end = ";\n  window.__reactRouterRouteModules = ";
const discoverable = /<(?:a|form)\b[^>]*\sdata-discover="true"[^>]*>/g;
const inlineScript = /(<script\b[^>]*>)([\s\S]*?)(<\/script>)/g;

type Matcher = { tree: RouteObject[]; namedSegments: Set<string>; byShape: Map<string, string[]> };
const matchers = new WeakMap<AssetsManifest["routes"], Matcher>();

/** Built once per build's route manifest. */
function matcherOf(routes: AssetsManifest["routes"]) {
  let matcher = matchers.get(routes);
  if (!matcher) {
    const segments = Object.values(routes).flatMap((route) => route?.path?.split("/") ?? []);
    const named = segments.filter((segment) => segment && !segment.startsWith(":") && segment !== "*");
    matcher = {
      tree: routeTree(routes),
      namedSegments: new Set(named.map((segment) => segment.replace(/\?$/, "").toLowerCase())),
      byShape: new Map(),
    };
    matchers.set(routes, matcher);
  }
  return matcher;
}

/** The app's routes as a tree, for the router's own matching. */
function routeTree(routes: AssetsManifest["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes).flatMap((route) => {
    if (!route || route.parentId !== parentId) return [];
    const { id, path } = route;
    return [route.index ? { id, path, index: true } : { id, path, children: routeTree(routes, id) }];
  });
}

/**
 * The routes a path matches, as the server's route list endpoint matches them. Matching is costly (the router
 * ranks every route each time) and a desk page links to fifty quotes: paths that differ only in segments no
 * route names (a category's slug, a quote's reference) match alike, so each such shape is matched once.
 */
function routesFor(matcher: Matcher, path: string) {
  const shape = path
    .split("/")
    .map((segment) => (segment === "" || matcher.namedSegments.has(segment.toLowerCase()) ? segment : ":"))
    .join("/");
  let ids = matcher.byShape.get(shape);
  if (!ids) {
    ids = (matchRoutes(matcher.tree, shape) ?? []).flatMap(({ route }) => (route.id ? [route.id] : []));
    matcher.byShape.set(shape, ids);
  }
  return ids;
}

/** A path and every path above it, as React Router asks for them. */
function withAncestors(pathname: string) {
  const segments = pathname.split("/").filter(Boolean);
  return ["/", ...segments.map((_, index) => `/${segments.slice(0, index + 1).join("/")}`)];
}

/**
 * React Router writes into each page only the routes that page matches, then, once hydrated, asks the server
 * for the routes its links lead to and renders the whole page again with them: one more long task after load.
 * With those routes written in as well, its question finds nothing new and nothing renders again. Only the
 * routes the page links to: the whole list would push the home page past the first round trip of a slow link.
 */
export function writeLinkedRoutes(html: string, manifest: AssetsManifest) {
  const paths = new Set<string>();
  for (const [tag] of html.matchAll(discoverable)) {
    const target = tag.match(/\s(?:href|action)="([^"]*)"/)?.[1] ?? "";
    if (!target.startsWith("/") || target.startsWith("//")) continue;
    for (const path of withAncestors(new URL(target, "http://localhost").pathname)) paths.add(path);
  }
  const matcher = matcherOf(manifest.routes);
  const ids = new Set([...paths].flatMap((path) => routesFor(matcher, path)));
  // Only inside a script element: a visitor's words elsewhere in the page (a search, a returned form) may
  // spell the marker too, but never a tag, as React escapes "<" in text.
  return html.replace(inlineScript, (element, open: string, body: string, close: string) => {
    const from = body.indexOf(start);
    const to = body.indexOf(end, from);
    if (from === -1 || to === -1) return element;
    const written: AssetsManifest = JSON.parse(body.slice(from + start.length, to));
    for (const id of Object.keys(written.routes)) ids.add(id);
    const routes = Object.fromEntries([...ids].map((id) => [id, manifest.routes[id]]));
    const routeList = JSON.stringify({ ...written, routes }).replaceAll("<", "\\u003c");
    return `${open}${body.slice(0, from + start.length)}${routeList}${body.slice(to)}${close}`;
  });
}
