import { data } from "react-router";
import { monthOf, monthPattern } from "#app/desk/inbox/figures.ts";
import { xeroCsv } from "#app/desk/inbox/xero.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import type { Route } from "./+types/export-xero";

/**
 * A month's won orders (?month=YYYY-MM, this month when not given) as Xero's sales invoice import file, for
 * any signed-in member of the team (the desk's session middleware has already run).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("month");
  if (asked !== null && !monthPattern.test(asked))
    throw data("422: Choose the month as YYYY-MM, like 2026-11.", { status: 422 });
  const month = asked ?? monthOf(new Date());
  const { database, config } = context.get(servicesContext);
  return new Response(await xeroCsv(database.db, month, config.accounts), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="won-orders-xero-${month}.csv"`,
    },
  });
}
