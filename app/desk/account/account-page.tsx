import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Alert } from "#app/components/alert.tsx";
import { button } from "#app/components/button.ts";
import { cardClass } from "#app/components/card.ts";
import { Field } from "#app/components/field.tsx";
import { useDeskForm } from "#app/components/use-desk-form.ts";
import { passwordRule, setupSchema, welcomeSchema } from "#app/desk/form-schemas.ts";
import { DeskShell } from "#app/desk/ui.tsx";

/** First-run setup and accepting an invitation: the same form, with or without the e-mail field. */
export function NewAccountPage({
  title,
  intro,
  email,
  lastResult,
  submitLabel,
}: {
  title: string;
  intro: ReactNode;
  /** Fixed by the invitation; asked for at first run. */
  email?: string;
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
}) {
  const [form, fields] = useDeskForm(email ? "welcome" : "setup", email ? welcomeSchema : setupSchema, lastResult);
  const busy = useNavigation().state === "submitting";
  const allFields = fields as typeof fields & Partial<Record<"email", (typeof fields)["name"]>>;
  return (
    <DeskShell>
      <div className="mx-auto max-w-md">
        <h1 className="text-2xl font-bold text-navy">{title}</h1>
        <div className="mt-3 space-y-3">
          <p>{intro}</p>
          {form.errors?.length ? <Alert>{form.errors[0]}</Alert> : null}
        </div>
        <Form method="post" {...getFormProps(form)} className={`${cardClass} mt-4 space-y-5`}>
          <Field
            meta={fields.name}
            label="Your name"
            kind="input"
            type="text"
            autoComplete="name"
            hint="Shown to colleagues in the timeline"
          />
          {email ? (
            <p>
              <span className="block font-semibold text-navy">E-mail</span>
              {email}
            </p>
          ) : allFields.email ? (
            <Field meta={allFields.email} label="E-mail" kind="input" type="email" autoComplete="username" />
          ) : null}
          <Field
            meta={fields.password}
            label="Password"
            kind="input"
            type="password"
            autoComplete="new-password"
            hint={`At least ${passwordRule.min} characters; a short sentence is easy to remember`}
          />
          <Field
            meta={fields.confirm}
            label="Password again"
            kind="input"
            type="password"
            autoComplete="new-password"
          />
          <button type="submit" className={button({ variant: "steel", className: "w-full" })} disabled={busy}>
            {submitLabel}
          </button>
        </Form>
      </div>
    </DeskShell>
  );
}

export function LinkProblem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <DeskShell>
      <div className="mx-auto max-w-md">
        <h1 className="text-2xl font-bold text-navy">{title}</h1>
        <div className="mt-3">{children}</div>
      </div>
    </DeskShell>
  );
}
