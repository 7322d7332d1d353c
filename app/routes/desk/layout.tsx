import { Outlet } from "react-router";
import { deskHeaders } from "#app/desk/session.server.ts";
import { DeskError, DeskShell } from "#app/desk/ui.tsx";
import type { Route } from "./+types/layout";

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
  return (
    <DeskShell>
      <DeskError error={error} />
    </DeskShell>
  );
}
