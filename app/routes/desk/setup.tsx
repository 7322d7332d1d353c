import { data, Link, redirect } from "react-router";
import { LinkProblem, NewAccountPage } from "#app/desk/account/account-page.tsx";
import { consumeSetupToken, setupTokenValid } from "#app/desk/account/setup.server.ts";
import { createStaffAccount } from "#app/desk/auth.server.ts";
import { setupSchema } from "#app/desk/form-schemas.ts";
import { invalid, readForm } from "#app/desk/read-form.server.ts";
import { cookiesFrom, deskAuth } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = () => [
  { title: "Set up the quote desk" },
  { name: "robots", content: "noindex, nofollow" },
];

const notValid = "This setup link is not valid: it has been used, has expired, or the desk already has an admin.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const valid = await setupTokenValid(context.get(servicesContext).database.db, token);
  return data({ valid }, { status: valid ? 200 : 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(servicesContext).database.db;
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!(await setupTokenValid(db, token))) throw data(`404: ${notValid}`, { status: 404 });
  const { submission } = await readForm(request, setupSchema);
  if (submission.status !== "success") return invalid(submission);
  const { name, email, password } = submission.value;
  if (!(await consumeSetupToken(db, token))) throw data(`404: ${notValid}`, { status: 404 });
  const auth = await deskAuth(context);
  await createStaffAccount(auth, { name, email, password, role: "admin" });
  const { headers } = await auth.api.signInEmail({
    body: { email, password, rememberMe: true },
    headers: request.headers,
    returnHeaders: true,
  });
  return redirect("/desk", { headers: cookiesFrom(headers) });
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.valid) {
    return (
      <LinkProblem title="Setup link not valid">
        <p>{notValid}</p>
        <p className="mt-3">
          Restart the server for a new link while nobody has an account, or{" "}
          <Link to="/desk/sign-in" className="font-semibold text-steel underline">
            sign in
          </Link>
          .
        </p>
      </LinkProblem>
    );
  }
  return (
    <NewAccountPage
      title="Set up the quote desk"
      intro="Create the first account. It will be an admin: it can invite the rest of the sales team."
      lastResult={actionData?.result}
      submitLabel="Create the admin account"
    />
  );
}
