import { Outlet } from "react-router";
import { notificationHealth } from "../desk/inbox.server";
import { requireStaff, staffContext } from "../desk/session.server";
import { DeskShell } from "../desk/ui";
import { servicesContext } from "../lib/context";
import type { Route } from "./+types/desk-staff";

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
