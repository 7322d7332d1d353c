import { isRouteErrorResponse, Link, Outlet } from "react-router";
import { deskHeaders } from "../desk/session.server";
import { DeskShell } from "../desk/ui";
import type { Route } from "./+types/desk";

// Every desk response, pages and data alike, and even refusals: no-store, noindex.
export const middleware: Route.MiddlewareFunction[] = [deskHeaders];

export const meta: Route.MetaFunction = () => [
  { title: "Quote desk" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function DeskRoot() {
  return <Outlet />;
}

/** The desk's own error page: a signed-out desk asks for sign-in; anything else says what happened. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : `${status}: Something went wrong.`;
  return (
    <DeskShell>
      <title>{status === 404 ? "Not found · Quote desk" : "Quote desk"}</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="text-2xl font-bold text-navy">
        {status === 404 ? "Not found" : status === 401 ? "Please sign in again" : "Something went wrong"}
      </h1>
      <p className="mt-3">{detail}</p>
      <p className="mt-6 flex flex-wrap gap-4">
        <Link to="/desk" className="font-semibold text-steel underline">
          Back to the inbox
        </Link>
        <Link to="/desk/sign-in" className="font-semibold text-steel underline">
          Sign in
        </Link>
      </p>
    </DeskShell>
  );
}
