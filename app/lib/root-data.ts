import { useRouteLoaderData } from "react-router";
import { defaultSite } from "../content/site";
import type { loader } from "../root";

/** Site configuration and footer links for every page; the defaults keep error pages whole. */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  return data
    ? { ...data, isFallback: false }
    : { site: defaultSite, categoryLinks: [], openingCalendar: undefined, isFallback: true };
}

export const useSite = () => useRootData().site;
