import { useRouteLoaderData } from "react-router";
import { defaultSite } from "../content/site";
import type { loader } from "../root";

/** Site identity and footer links for every page; the defaults keep error pages whole. */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  return data ?? { site: defaultSite, siteUrl: "", categoryLinks: [], openingCalendar: undefined };
}

export const useSite = () => useRootData().site;
