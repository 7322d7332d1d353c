import { Outlet, useRouteLoaderData } from "react-router";
import { notificationHealth } from "#app/desk/inbox/inbox.server.ts";
import { requireStaff, staffContext } from "#app/desk/session.server.ts";
import { DeskError, DeskShell } from "#app/desk/ui.tsx";
import { servicesContext } from "#app/lib/context.ts";
import { countHeldMail } from "#app/mail-in/held.server.ts";
import type { Route } from "./+types/staff-layout";

// Checks the session before any loader or action below runs.
export const middleware: Route.MiddlewareFunction[] = [requireStaff];

export async function loader({ context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  const db = context.get(servicesContext).database.db;
  const [health, heldMail] = await Promise.all([notificationHealth(db), countHeldMail(db)]);
  return { staff: { name: staff.name, role: staff.role }, health, heldMail, now: new Date() };
}

export default function StaffDesk({ loaderData }: Route.ComponentProps) {
  return (
    <DeskShell
      staff={loaderData.staff}
      health={loaderData.health}
      heldMail={loaderData.heldMail}
      now={new Date(loaderData.now)}
    >
      <Outlet />
    </DeskShell>
  );
}

/** Errors below (an unknown reference, a page for admins only) keep the desk's navigation. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/desk/staff-layout");
  return (
    <DeskShell
      staff={data?.staff}
      health={data?.health}
      heldMail={data?.heldMail}
      now={data ? new Date(data.now) : undefined}
    >
      <DeskError error={error} />
    </DeskShell>
  );
}
