import { redirect } from "react-router";
import { deskAuth } from "#app/desk/session.server.ts";
import type { Route } from "./+types/sign-out";

/** Ends the session on the server (the row is deleted), clears the cookie and shows the sign-in page. */
export async function action({ request, context }: Route.ActionArgs) {
  const auth = await deskAuth(context);
  const headers = new Headers();
  if (await auth.api.getSession({ headers: request.headers })) {
    const result = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  }
  return redirect("/desk/sign-in?signed-out=1", { headers });
}

export function loader() {
  return redirect("/desk");
}
