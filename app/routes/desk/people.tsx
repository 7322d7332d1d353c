import { getFormProps } from "@conform-to/react";
import { data, Form, useNavigation } from "react-router";
import { Alert } from "#app/components/alert.tsx";
import { button } from "#app/components/button.ts";
import { cardClass } from "#app/components/card.ts";
import { Field } from "#app/components/field.tsx";
import { useDeskForm } from "#app/components/use-desk-form.ts";
import {
  invite,
  listPeople,
  PeopleError,
  removePerson,
  resetAccess,
  withdrawInvitation,
} from "#app/desk/account/people.server.ts";
import { ConfirmChange, InvitationSent, PendingInvitations, PersonItem } from "#app/desk/account/people-panels.tsx";
import { inviteSchema } from "#app/desk/form-schemas.ts";
import { invalid, readForm, readFormData } from "#app/desk/read-form.server.ts";
import { deskAuth, requireRole } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import type { Route } from "./+types/people";

export const meta: Route.MetaFunction = () => [
  { title: "People · Quote desk" },
  { name: "robots", content: "noindex, nofollow" },
];

const roles = [
  { value: "staff", label: "Staff: works requests" },
  { value: "admin", label: "Admin: also manages people" },
] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const me = requireRole(context, "admin");
  return { ...(await listPeople(context.get(servicesContext).database.db)), me: me.id };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = requireRole(context, "admin");
  const services = context.get(servicesContext);
  const db = services.database.db;
  const intent = request.headers.get("content-type")?.includes("form")
    ? new URL(request.url).searchParams.get("intent")
    : null;
  if (intent === "invite") {
    const { submission } = await readForm(request, inviteSchema);
    if (submission.status !== "success") return invalid(submission);
    try {
      const link = await invite(db, services.config, submission.value, me);
      services.outbox.kick();
      return { result: submission.reply({ resetForm: true }), invited: { email: submission.value.email, link } };
    } catch (error) {
      if (error instanceof PeopleError) return invalid(submission, [error.message], 409);
      throw error;
    }
  }
  const form = await readFormData(request);
  const id = String(form.get("id") ?? "");
  const action = form.get("intent");
  // Removal and a reset of access cannot be undone: the first click asks, the second does it.
  if ((action === "remove" || action === "reset") && form.get("confirmed") !== "yes") {
    const { people } = await listPeople(db);
    const person = people.find((p) => p.id === id);
    if (!person) return data({ problem: "That person no longer has a desk account." }, { status: 409 });
    return { confirm: { intent: action, id, name: person.name } } as const;
  }
  const auth = await deskAuth(context);
  try {
    if (action === "remove") {
      await removePerson(db, id, me);
      return { done: "Removed. Their sessions have ended." };
    }
    if (action === "reset") {
      await resetAccess(db, auth, id);
      services.outbox.kick();
      return {
        done: "Signed out everywhere; their old password no longer works and a link to choose a new one is on its way.",
      };
    }
    if (action === "withdraw") {
      await withdrawInvitation(db, Number(id));
      return { done: "Invitation withdrawn." };
    }
  } catch (error) {
    if (error instanceof PeopleError) return data({ problem: error.message }, { status: 409 });
    throw error;
  }
  return data({ problem: "That is not something the desk can do." }, { status: 422 });
}

export default function People({ loaderData, actionData }: Route.ComponentProps) {
  const { people, invitations, me } = loaderData;
  const reply = actionData as
    | {
        result?: Parameters<typeof useDeskForm>[2];
        invited?: { email: string; link: string };
        done?: string;
        problem?: string;
        confirm?: { intent: "remove" | "reset"; id: string; name: string };
      }
    | undefined;
  const [form, fields] = useDeskForm("invite", inviteSchema, reply?.result, { role: "staff" });
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1 className="text-2xl font-bold text-navy">People</h1>
      <div className="mt-3 space-y-3" aria-live="polite">
        {reply?.done ? <Alert tone="info">{reply.done}</Alert> : null}
        {reply?.problem ? <Alert>{reply.problem}</Alert> : null}
      </div>
      {reply?.confirm ? <ConfirmChange {...reply.confirm} busy={busy} /> : null}

      <ul className="mt-4 space-y-2" aria-label="Desk accounts">
        {people.map((person) => (
          <PersonItem key={person.id} person={person} isMe={person.id === me} busy={busy} />
        ))}
      </ul>

      <PendingInvitations invitations={invitations} />

      <h2 className="mt-8 text-lg font-bold text-navy">Invite someone</h2>
      {reply?.invited ? <InvitationSent invited={reply.invited} /> : null}
      {form.errors?.length ? (
        <div className="mt-2">
          <Alert>{form.errors[0]}</Alert>
        </div>
      ) : null}
      <Form
        method="post"
        action="?intent=invite"
        {...getFormProps(form)}
        className={`${cardClass} mt-3 grid grid-cols-1 items-end gap-4 md:grid-cols-[2fr_1fr_auto]`}
      >
        <Field meta={fields.email} label="E-mail" kind="input" type="email" autoComplete="off" />
        <Field meta={fields.role} label="Role" kind="select" options={roles} />
        <button type="submit" className={button({ variant: "steel" })} disabled={busy}>
          Send invitation
        </button>
      </Form>
    </>
  );
}
