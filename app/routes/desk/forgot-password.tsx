import { getFormProps } from "@conform-to/react";
import { data, Form, Link } from "react-router";
import { Alert } from "#app/components/alert.tsx";
import { button } from "#app/components/button.ts";
import { cardClass } from "#app/components/card.ts";
import { Field } from "#app/components/field.tsx";
import { useDeskForm } from "#app/components/use-desk-form.ts";
import { allowResetRequest, throttleKeys, tryAgainIn } from "#app/desk/account/throttle.server.ts";
import { forgotSchema } from "#app/desk/form-schemas.ts";
import { invalid, readForm } from "#app/desk/read-form.server.ts";
import { deskAuth } from "#app/desk/session.server.ts";
import { DeskShell } from "#app/desk/ui.tsx";
import { clientAddressContext, servicesContext } from "#app/lib/context.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [
  { title: "Forgotten password · Quote desk" },
  { name: "robots", content: "noindex, nofollow" },
];

/** The same answer whether or not the address has an account. */
const sent =
  "If that address has a desk account, we have e-mailed it a link to choose a new password. The link works for an hour.";

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readForm(request, forgotSchema);
  if (submission.status !== "success") return invalid(submission);
  const services = context.get(servicesContext);
  const keys = throttleKeys(
    "reset",
    submission.value.email,
    context.get(clientAddressContext) ?? "unknown",
    services.ipSalt,
  );
  const gate = await allowResetRequest(services.database.db, keys);
  if (!gate.allowed) {
    return data(
      {
        result: submission.reply({ formErrors: [`Too many reset requests. ${tryAgainIn(gate.retryAfterSeconds)}.`] }),
        sent: false,
      },
      { status: 429, headers: { "Retry-After": String(gate.retryAfterSeconds) } },
    );
  }
  await (await deskAuth(context)).api.requestPasswordReset({ body: { email: submission.value.email } });
  services.outbox.kick();
  return { result: submission.reply({ resetForm: true }), sent: true };
}

/** A refusal carries its Retry-After header (React Router passes an action's headers on only through this). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const [form, fields] = useDeskForm("forgot", forgotSchema, actionData?.result);
  return (
    <DeskShell>
      <div className="mx-auto max-w-md">
        <h1 className="text-2xl font-bold text-navy">Forgotten your password?</h1>
        <div className="mt-3 space-y-3">
          <p>Enter the e-mail address you sign in with and we will send you a link to choose a new password.</p>
          {actionData && "sent" in actionData && actionData.sent ? <Alert tone="info">{sent}</Alert> : null}
          {form.errors?.length ? <Alert>{form.errors[0]}</Alert> : null}
        </div>
        <Form method="post" {...getFormProps(form)} className={`${cardClass} mt-4 space-y-5`}>
          <Field meta={fields.email} label="E-mail" kind="input" type="email" autoComplete="username" />
          <button type="submit" className={button({ variant: "steel", className: "w-full" })}>
            Send the link
          </button>
        </Form>
        <p className="mt-4">
          <Link to="/desk/sign-in" className="font-semibold text-steel underline">
            Back to sign-in
          </Link>
        </p>
      </div>
    </DeskShell>
  );
}
