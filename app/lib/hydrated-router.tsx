import { type ContextType, useEffect, useLayoutEffect, useState } from "react";
import {
  type UNSAFE_AssetsManifest,
  UNSAFE_createBrowserHistory,
  UNSAFE_createClientRoutes,
  UNSAFE_createClientRoutesWithHMRRevalidationOptOut,
  UNSAFE_createRouter,
  UNSAFE_decodeViaTurboStream,
  UNSAFE_defaultMapRouteProperties,
  UNSAFE_FrameworkContext,
  UNSAFE_getHydrationData,
  UNSAFE_getPatchRoutesOnNavigationFunction,
  UNSAFE_getTurboStreamSingleFetchDataStrategy,
  UNSAFE_hydrationRouteProperties,
  UNSAFE_RemixErrorBoundary,
  type UNSAFE_RouteModules,
  UNSAFE_useFogOFWarDiscovery,
} from "react-router";
import { RouterProvider } from "react-router/dom";

/*
 * React Router's <HydratedRouter>, in two parts: `prepareRouter` does its setup (decoding the page's data,
 * building the routes and the router) before hydration starts, each step in a task of its own, and
 * <PreparedRouter> renders what it renders. <HydratedRouter> builds the router inside its first render,
 * which React cannot split: on a slow phone that made the longest task of the page's start (ADR 0012,
 * docs/performance.md). The steps and the rendered tree are React Router 8.4.0's, which package.json pins.
 */

type Framework = NonNullable<ContextType<typeof UNSAFE_FrameworkContext>>;
type Router = ReturnType<typeof UNSAFE_createRouter>;
type HydrationState = Parameters<typeof UNSAFE_getHydrationData>[0]["state"];

/** What the server's page leaves for the browser (React Router's window globals). */
type ServerHandoff = {
  __reactRouterContext: Pick<Framework, "future" | "ssr" | "isSpaMode" | "routeDiscovery" | "criticalCss"> & {
    basename?: string;
    stream?: ReadableStream<Uint8Array>;
  };
  __reactRouterManifest: UNSAFE_AssetsManifest;
  __reactRouterRouteModules: UNSAFE_RouteModules;
  __reactRouterDataRouter?: Router;
};

export type PreparedRouterData = {
  router: Router;
  context: ServerHandoff["__reactRouterContext"];
  manifest: UNSAFE_AssetsManifest;
  routeModules: UNSAFE_RouteModules;
  initialized: boolean;
};

/** Lets the browser paint and handle input between two steps. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function prepareRouter(): Promise<PreparedRouterData> {
  // The page's boot module sets the globals after its imports, this module among them, have run.
  await Promise.resolve();
  const handoff = window as unknown as Window & ServerHandoff;
  const {
    __reactRouterContext: context,
    __reactRouterManifest: manifest,
    __reactRouterRouteModules: routeModules,
  } = handoff;
  const { stream } = context;
  if (!stream) throw new Error("The page has no data for React Router to hydrate with.");
  context.stream = undefined;
  const state = (await UNSAFE_decodeViaTurboStream(stream, window)).value as HydrationState;

  await nextTask();
  const routes = UNSAFE_createClientRoutes(manifest.routes, routeModules, state, context.ssr, context.isSpaMode);
  const hydrationData = UNSAFE_getHydrationData({
    state,
    routes,
    getRouteInfo: (routeId) => ({
      clientLoader: routeModules[routeId]?.clientLoader,
      hasLoader: manifest.routes[routeId]?.hasLoader === true,
      hasHydrateFallback: routeModules[routeId]?.HydrateFallback != null,
    }),
    location: window.location,
    basename: context.basename,
    future: context.future,
    isSpaMode: context.isSpaMode,
  });

  await nextTask();
  if (window.history.state?.masked) window.history.replaceState({ ...window.history.state, masked: undefined }, "");
  const router: Router = UNSAFE_createRouter({
    routes,
    history: UNSAFE_createBrowserHistory(),
    basename: context.basename,
    hydrationData,
    mapRouteProperties: UNSAFE_defaultMapRouteProperties,
    hydrationRouteProperties: UNSAFE_hydrationRouteProperties,
    dataStrategy: UNSAFE_getTurboStreamSingleFetchDataStrategy(() => router, manifest, routeModules, context.ssr),
    patchRoutesOnNavigation: UNSAFE_getPatchRoutesOnNavigationFunction(
      () => router,
      manifest,
      routeModules,
      context.ssr,
      context.routeDiscovery,
      context.isSpaMode,
      context.basename,
    ),
  });
  const initialized = router.state.initialized;
  if (initialized) router.initialize();
  // For React Router's hot module replacement in development.
  Object.assign(router, { createRoutesForHMR: UNSAFE_createClientRoutesWithHMRRevalidationOptOut });
  handoff.__reactRouterDataRouter = router;

  await nextTask();
  return { router, context, manifest, routeModules, initialized };
}

export function PreparedRouter({ prepared }: { prepared: PreparedRouterData }) {
  const { router, context, manifest, routeModules } = prepared;
  // In development the server inlines the critical CSS; it goes once the stylesheets have loaded.
  const [criticalCss, setCriticalCss] = useState(import.meta.env.DEV ? context.criticalCss : undefined);
  useEffect(() => {
    if (import.meta.env.DEV) setCriticalCss(undefined);
  }, []);
  useEffect(() => {
    if (import.meta.env.DEV && criticalCss === undefined) {
      for (const element of document.querySelectorAll("[data-react-router-critical-css]")) element.remove();
    }
  }, [criticalCss]);

  const [location, setLocation] = useState(router.state.location);
  useLayoutEffect(() => {
    if (!prepared.initialized) {
      prepared.initialized = true;
      router.initialize();
    }
  }, [prepared, router]);
  useLayoutEffect(
    () =>
      router.subscribe((state) => {
        if (state.location !== location) setLocation(state.location);
      }),
    [router, location],
  );
  UNSAFE_useFogOFWarDiscovery(router, manifest, routeModules, context.ssr, context.routeDiscovery, context.isSpaMode);

  // The trailing empty fragment matches <ServerRouter>'s tree, so that useId values hydrate.
  return (
    <UNSAFE_FrameworkContext.Provider
      value={{
        manifest,
        routeModules,
        future: context.future,
        criticalCss,
        ssr: context.ssr,
        isSpaMode: context.isSpaMode,
        routeDiscovery: context.routeDiscovery,
      }}
    >
      <UNSAFE_RemixErrorBoundary location={location}>
        <RouterProvider router={router} />
      </UNSAFE_RemixErrorBoundary>
    </UNSAFE_FrameworkContext.Provider>
  );
}
