import type { Logger } from "pino";
import { isRouteErrorResponse } from "react-router";
import { errorSummary } from "#app/lib/logger.server.ts";

/**
 * A path as it may be logged: a quotation's link (/q/<token>) is the key to answering it, so whoever reads
 * the log must not be able to use it. The router takes any case and a trailing slash, so the match does too.
 */
export const pathForLog = (path: string) => path.replace(/^\/q\/[^/]+/i, "/q/…");

/**
 * Logs a loader, action or render failure once, with the request's method and path: no query string, no
 * body, no form values. Answers the router gives on purpose (404 for an unknown page, 405) and requests
 * the visitor abandoned are not faults.
 */
export function logRequestError(logger: Logger, error: unknown, request: Request) {
  if (request.signal.aborted) return;
  let fault: Record<string, unknown>;
  if (isRouteErrorResponse(error)) {
    if (error.status < 500) return;
    const inner: unknown = (error as { error?: unknown }).error;
    fault = inner === undefined ? { type: "ErrorResponse", status: error.status } : errorSummary(inner);
  } else fault = errorSummary(error);
  logger.error(
    { method: request.method, path: pathForLog(new URL(request.url).pathname), error: fault },
    "request failed",
  );
}
