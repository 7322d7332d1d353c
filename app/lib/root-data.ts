import { useRouteLoaderData } from "react-router";
import { defaultSite } from "#app/content/site.ts";
import type { loader } from "#app/root.tsx";

/** What the root loader gives every page. */
export type RootData = Awaited<ReturnType<typeof loader>>;

/** Site configuration and footer links for every page; the defaults keep error pages whole. */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  return data
    ? { ...data, isFallback: false }
    : { site: defaultSite, categoryLinks: [], openingCalendar: undefined, isFallback: true };
}

export const useSite = () => useRootData().site;
