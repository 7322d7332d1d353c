import { Outlet, useRouteLoaderData } from "react-router";
import { notificationHealth } from "#app/desk/inbox.server.ts";
import { requireStaff, staffContext } from "#app/desk/session.server.ts";
import { DeskError, DeskShell } from "#app/desk/ui.tsx";
import { servicesContext } from "#app/lib/context.ts";
import type { Route } from "./+types/staff-layout";

// Checks the session before any loader or action below runs.
export const middleware: Route.MiddlewareFunction[] = [requireStaff];

export async function loader({ context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  const health = await notificationHealth(context.get(servicesContext).database.db);
  return { staff: { name: staff.name, role: staff.role }, health, now: new Date() };
}

export default function StaffDesk({ loaderData }: Route.ComponentProps) {
  return (
    <DeskShell staff={loaderData.staff} health={loaderData.health} now={new Date(loaderData.now)}>
      <Outlet />
    </DeskShell>
  );
}

/** Errors below (an unknown reference, a page for admins only) keep the desk's navigation. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/desk/staff-layout");
  return (
    <DeskShell staff={data?.staff} health={data?.health} now={data ? new Date(data.now) : undefined}>
      <DeskError error={error} />
    </DeskShell>
  );
}
