import { data } from "react-router";
import { exportCsv } from "#app/desk/inbox/export.server.ts";
import { parseInboxQuery } from "#app/desk/inbox/inbox.server.ts";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { londonDay } from "#app/lib/london-time.ts";
import type { Route } from "./+types/export";

/** The inbox's current filter as a CSV download (the desk's session middleware has already run). */
export function loader({ request, context }: Route.LoaderArgs) {
  const parsed = parseInboxQuery(new URL(request.url).searchParams);
  if (!parsed.ok) throw data(`422: ${Object.values(parsed.errors).join(" ")}`, { status: 422 });
  const { after: _after, before: _before, ...query } = parsed.query;
  // The London day: named by UTC, an export at 00:30 in summer carried yesterday's date.
  const day = londonDay();
  return new Response(exportCsv(context.get(servicesContext).database.db, query, context.get(staffContext).id), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="quote-requests-${day}.csv"`,
    },
  });
}
