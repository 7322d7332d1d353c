import { getFormProps } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Alert } from "#app/components/alert.tsx";
import { button } from "#app/components/button.ts";
import { cardClass } from "#app/components/card.ts";
import { Field } from "#app/components/field.tsx";
import { useDeskForm } from "#app/components/use-desk-form.ts";
import { hasStaff } from "#app/desk/account/setup.server.ts";
import { signIn } from "#app/desk/account/sign-in.server.ts";
import { signInSchema } from "#app/desk/form-schemas.ts";
import { invalid, readForm } from "#app/desk/read-form.server.ts";
import { cookiesFrom, deskAuth, safeNext } from "#app/desk/session.server.ts";
import { DeskShell } from "#app/desk/ui.tsx";
import { clientAddressContext, servicesContext } from "#app/lib/context.ts";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = () => [
  { title: "Sign in · Quote desk" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const auth = await deskAuth(context);
  if (await auth.api.getSession({ headers: request.headers })) throw redirect(safeNext(url.searchParams.get("next")));
  return {
    next: safeNext(url.searchParams.get("next")),
    signedOut: url.searchParams.has("signed-out"),
    passwordChanged: url.searchParams.has("password-changed"),
    firstRun: !(await hasStaff(context.get(servicesContext).database.db)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readForm(request, signInSchema);
  if (submission.status !== "success") return invalid(submission);
  const services = context.get(servicesContext);
  const result = await signIn(await deskAuth(context), services.database.db, {
    email: submission.value.email,
    password: submission.value.password,
    address: context.get(clientAddressContext) ?? "unknown",
    salt: services.ipSalt,
    headers: request.headers,
  });
  if (!result.ok) {
    return data(
      { result: submission.reply({ hideFields: ["password"], formErrors: [result.message] }) },
      {
        status: result.status,
        headers: result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
      },
    );
  }
  return redirect(safeNext(submission.value.next), { headers: cookiesFrom(result.headers) });
}

/** A refusal carries its Retry-After header (React Router passes an action's headers on only through this). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useDeskForm("sign-in", signInSchema, actionData?.result);
  const busy = useNavigation().state === "submitting";
  return (
    <DeskShell>
      <div className="mx-auto max-w-md">
        <h1 className="text-2xl font-bold text-navy">Sign in to the quote desk</h1>
        <div className="mt-4 space-y-3">
          {loaderData.signedOut ? <Alert tone="info">You have signed out.</Alert> : null}
          {loaderData.passwordChanged ? <Alert tone="info">Your new password is set. Sign in with it.</Alert> : null}
          {loaderData.firstRun ? (
            <Alert tone="info">
              Nobody has a desk account yet. Open the setup link the server printed when it started.
            </Alert>
          ) : null}
          {form.errors?.length ? <Alert>{form.errors[0]}</Alert> : null}
        </div>
        <Form method="post" {...getFormProps(form)} className={`${cardClass} mt-4 space-y-5`}>
          <input type="hidden" name="next" value={loaderData.next} />
          <Field meta={fields.email} label="E-mail" kind="input" type="email" autoComplete="username" />
          <Field meta={fields.password} label="Password" kind="input" type="password" autoComplete="current-password" />
          <button type="submit" className={button({ variant: "steel", className: "w-full" })} disabled={busy}>
            Sign in
          </button>
        </Form>
        <p className="mt-4">
          <Link to="/desk/forgot-password" className="font-semibold text-steel underline">
            Forgotten your password?
          </Link>
        </p>
      </div>
    </DeskShell>
  );
}
