import { quoteAction } from "#app/quote/action.server.ts";
import type { Route } from "./+types/quote-send";

/** The quote form's action for posts with files (sent with upload progress), answering JSON. */
export async function action(args: Route.ActionArgs) {
  const result = await quoteAction(args);
  return Response.json(result.data, { status: result.init?.status ?? 200, headers: result.init?.headers });
}
