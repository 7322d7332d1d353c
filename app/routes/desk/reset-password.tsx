import { getFormProps } from "@conform-to/react";
import { isAPIError } from "better-auth/api";
import { Form, Link, redirect } from "react-router";
import { Alert } from "#app/components/alert.tsx";
import { button } from "#app/components/button.ts";
import { cardClass } from "#app/components/card.ts";
import { Field } from "#app/components/field.tsx";
import { useDeskForm } from "#app/components/use-desk-form.ts";
import { passwordRule, resetSchema } from "#app/desk/form-schemas.ts";
import { invalid, readForm } from "#app/desk/read-form.server.ts";
import { deskAuth } from "#app/desk/session.server.ts";
import { DeskShell } from "#app/desk/ui.tsx";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password · Quote desk" },
  { name: "robots", content: "noindex, nofollow" },
];

const expired = "This link has expired or has been used. Ask for a new one.";

export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { submission } = await readForm(request, resetSchema);
  if (submission.status !== "success") return invalid(submission);
  try {
    // Every session of the account ends with the change (revokeSessionsOnPasswordReset).
    await (await deskAuth(context)).api.resetPassword({ body: { newPassword: submission.value.password, token } });
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 400) return invalid(submission, [expired], 404);
    throw error;
  }
  return redirect("/desk/sign-in?password-changed=1");
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const [form, fields] = useDeskForm("reset", resetSchema, actionData?.result);
  return (
    <DeskShell>
      <div className="mx-auto max-w-md">
        <h1 className="text-2xl font-bold text-navy">Choose a new password</h1>
        <div className="mt-3 space-y-3">
          {form.errors?.length ? (
            <Alert>
              {form.errors[0]}{" "}
              <Link to="/desk/forgot-password" className="font-semibold underline">
                Ask for a new link
              </Link>
            </Alert>
          ) : null}
        </div>
        <Form method="post" {...getFormProps(form)} className={`${cardClass} mt-4 space-y-5`}>
          <Field
            meta={fields.password}
            label="New password"
            kind="input"
            type="password"
            autoComplete="new-password"
            hint={`At least ${passwordRule.min} characters`}
          />
          <Field
            meta={fields.confirm}
            label="New password again"
            kind="input"
            type="password"
            autoComplete="new-password"
          />
          <button type="submit" className={button({ variant: "steel", className: "w-full" })}>
            Set the new password
          </button>
        </Form>
      </div>
    </DeskShell>
  );
}
