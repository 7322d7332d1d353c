import { getFormProps } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { button } from "#app/components/button.ts";
import { Field } from "#app/components/field.tsx";
import { inviteSchema } from "#app/desk/form-schemas.ts";
import { roleLabels } from "#app/desk/labels.ts";
import {
  invite,
  listPeople,
  PeopleError,
  removePerson,
  resetAccess,
  withdrawInvitation,
} from "#app/desk/people.server.ts";
import { invalid, readForm, readFormData } from "#app/desk/read-form.server.ts";
import { deskAuth, requireRole } from "#app/desk/session.server.ts";
import { Alert, cardClass } from "#app/desk/ui.tsx";
import { useDeskForm } from "#app/desk/use-desk-form.ts";
import { servicesContext } from "#app/lib/context.ts";
import { formatDateTime } from "#app/lib/london-time.ts";
import type { Route } from "./+types/people";

export const meta: Route.MetaFunction = () => [
  { title: "People · Quote desk" },
  { name: "robots", content: "noindex, nofollow" },
];

// Named in full: after an invitation the page's address carries `?intent=invite`, which a form without an
// action would post to again.
const peoplePath = "/desk/people";

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
          <li key={person.id} className={`${cardClass} flex flex-wrap items-center gap-3`}>
            <div className="mr-auto min-w-0">
              <p className="font-semibold break-words">
                {person.name} {person.id === me ? <span className="font-normal">(you)</span> : null}
              </p>
              <p className="text-sm break-all text-slate-700">{person.email}</p>
              <p className="text-sm text-slate-700">
                {roleLabels[person.role]} ·{" "}
                {person.sessions === 0
                  ? "not signed in"
                  : `signed in on ${person.sessions} device${person.sessions === 1 ? "" : "s"}`}
              </p>
            </div>
            {person.id !== me ? (
              <div className="flex flex-wrap gap-2">
                <Form method="post" action={peoplePath}>
                  <input type="hidden" name="intent" value="reset" />
                  <input type="hidden" name="id" value={person.id} />
                  <button type="submit" className={button({ variant: "quiet" })} disabled={busy}>
                    Reset access<span className="sr-only"> for {person.name}</span>
                  </button>
                </Form>
                <Form method="post" action={peoplePath}>
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={person.id} />
                  <button type="submit" className={button({ variant: "quiet-danger" })} disabled={busy}>
                    Remove<span className="sr-only"> {person.name}</span>
                  </button>
                </Form>
              </div>
            ) : null}
          </li>
        ))}
      </ul>

      {invitations.length > 0 ? (
        <>
          <h2 className="mt-8 text-lg font-bold text-navy">Invitations not yet accepted</h2>
          <ul className="mt-2 space-y-2">
            {invitations.map((invitation) => (
              <li key={invitation.id} className={`${cardClass} flex flex-wrap items-center gap-3`}>
                <p className="mr-auto break-all">
                  {invitation.email} · {roleLabels[invitation.role]} · until {formatDateTime(invitation.expiresAt)}
                </p>
                <Form method="post" action={peoplePath}>
                  <input type="hidden" name="intent" value="withdraw" />
                  <input type="hidden" name="id" value={invitation.id} />
                  <button type="submit" className={button({ variant: "quiet" })}>
                    Withdraw<span className="sr-only"> the invitation for {invitation.email}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h2 className="mt-8 text-lg font-bold text-navy">Invite someone</h2>
      {reply?.invited ? (
        <div className="mt-2 rounded-md border border-green-700 bg-green-50 p-4" role="status">
          <p className="font-semibold">Invitation e-mailed to {reply.invited.email}.</p>
          <p className="mt-1">You can also copy the link and send it yourself; it is shown only this once:</p>
          <label htmlFor="invitation-link" className="mt-2 block font-semibold">
            Invitation link
          </label>
          <input
            id="invitation-link"
            readOnly
            value={reply.invited.link}
            className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm"
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      ) : null}
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

/** Asks before a change that cannot be undone; works without scripts (the first post only asks). */
function ConfirmChange({
  intent,
  id,
  name,
  busy,
}: {
  intent: "remove" | "reset";
  id: string;
  name: string;
  busy: boolean;
}) {
  const remove = intent === "remove";
  return (
    <section
      aria-labelledby="confirm-heading"
      className="mt-4 rounded-lg border-2 border-red-700 bg-red-50 p-4"
      data-testid="confirm-change"
    >
      <h2 id="confirm-heading" className="text-lg font-bold text-red-900">
        {remove ? `Remove ${name}?` : `Reset access for ${name}?`}
      </h2>
      <p className="mt-1">
        {remove
          ? "Their account is deleted and every session they have ends at once. They would need a new invitation to come back."
          : "They are signed out everywhere, their password stops working, and they are e-mailed a link to choose a new one."}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post" action={peoplePath}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" className={button({ variant: "danger" })} disabled={busy}>
            {remove ? `Yes, remove ${name}` : `Yes, reset access for ${name}`}
          </button>
        </Form>
        <Link to={peoplePath} className={button({ variant: "quiet" })}>
          Cancel
        </Link>
      </div>
    </section>
  );
}
