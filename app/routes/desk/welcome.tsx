import { data, Link, redirect } from "react-router";
import { LinkProblem, NewAccountPage } from "#app/desk/account/account-page.tsx";
import { acceptInvitation, findInvitation, PeopleError } from "#app/desk/account/people.server.ts";
import { welcomeSchema } from "#app/desk/form-schemas.ts";
import { invalid, readForm } from "#app/desk/read-form.server.ts";
import { cookiesFrom, deskAuth } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import type { Route } from "./+types/welcome";

export const meta: Route.MetaFunction = () => [
  { title: "Join the quote desk" },
  { name: "robots", content: "noindex, nofollow" },
];

const notValid = "This invitation is not valid: it has been used or has expired. Ask an admin for a new one.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const invitation = await findInvitation(context.get(servicesContext).database.db, token);
  return data({ email: invitation?.email }, { status: invitation ? 200 : 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(servicesContext).database.db;
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invitation = await findInvitation(db, token);
  if (!invitation) throw data(`404: ${notValid}`, { status: 404 });
  const { submission } = await readForm(request, welcomeSchema);
  if (submission.status !== "success") return invalid(submission);
  const auth = await deskAuth(context);
  try {
    const user = await acceptInvitation(db, auth, token, submission.value);
    if (!user) throw data(`404: ${notValid}`, { status: 404 });
  } catch (error) {
    if (error instanceof PeopleError) return invalid(submission, [error.message], 409);
    throw error;
  }
  const { headers } = await auth.api.signInEmail({
    body: { email: invitation.email, password: submission.value.password, rememberMe: true },
    headers: request.headers,
    returnHeaders: true,
  });
  return redirect("/desk", { headers: cookiesFrom(headers) });
}

export default function Welcome({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.email) {
    return (
      <LinkProblem title="Invitation not valid">
        <p>{notValid}</p>
        <p className="mt-3">
          <Link to="/desk/sign-in" className="font-semibold text-steel underline">
            Sign in
          </Link>{" "}
          if you already have an account.
        </p>
      </LinkProblem>
    );
  }
  return (
    <NewAccountPage
      title="Join the quote desk"
      intro="You have been invited to work the website's quote requests. Choose the name colleagues will see and a password."
      email={loaderData.email}
      lastResult={actionData?.result}
      submitLabel="Create my account"
    />
  );
}
