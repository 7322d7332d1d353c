import { Form } from "react-router";
import { button } from "#app/components/button.ts";
import { cardClass } from "#app/components/card.ts";
import { ConfirmPanel } from "#app/components/confirm-panel.tsx";
import { input } from "#app/components/input.ts";
import type { listPeople } from "#app/desk/account/people.server.ts";
import { roleLabels } from "#app/desk/labels.ts";
import { formatDateTime } from "#app/lib/london-time.ts";

type Listed = Awaited<ReturnType<typeof listPeople>>;

// Named in full: after an invitation the page's address carries `?intent=invite`, which a form without an
// action would post to again.
const peoplePath = "/desk/people";

/** One account: who, their role and sessions, and (for anyone but oneself) reset and remove. */
export function PersonItem({ person, isMe, busy }: { person: Listed["people"][number]; isMe: boolean; busy: boolean }) {
  return (
    <li className={`${cardClass} flex flex-wrap items-center gap-3`}>
      <div className="mr-auto min-w-0">
        <p className="font-semibold break-words">
          {person.name} {isMe ? <span className="font-normal">(you)</span> : null}
        </p>
        <p className="text-sm break-all text-slate-700">{person.email}</p>
        <p className="text-sm text-slate-700">
          {roleLabels[person.role]} ·{" "}
          {person.sessions === 0
            ? "not signed in"
            : `signed in on ${person.sessions} device${person.sessions === 1 ? "" : "s"}`}
        </p>
      </div>
      {!isMe ? (
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
  );
}

export function PendingInvitations({ invitations }: { invitations: Listed["invitations"] }) {
  if (invitations.length === 0) return null;
  return (
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
  );
}

/** The invitation just sent, with its link shown this once to copy. */
export function InvitationSent({ invited }: { invited: { email: string; link: string } }) {
  return (
    <div className="mt-2 rounded-md border border-green-700 bg-green-50 p-4" role="status">
      <p className="font-semibold">Invitation e-mailed to {invited.email}.</p>
      <p className="mt-1">You can also copy the link and send it yourself; it is shown only this once:</p>
      <label htmlFor="invitation-link" className="mt-2 block font-semibold">
        Invitation link
      </label>
      <input
        id="invitation-link"
        readOnly
        value={invited.link}
        className={input({ className: "mt-1 py-2 font-mono text-sm" })}
        onFocus={(event) => event.currentTarget.select()}
      />
    </div>
  );
}

/** Asks before a change that cannot be undone; works without scripts (the first post only asks). */
export function ConfirmChange({
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
    <ConfirmPanel
      id="confirm-change"
      tone="danger"
      className="mt-4"
      title={remove ? `Remove ${name}?` : `Reset access for ${name}?`}
      text={
        remove
          ? "Their account is deleted and every session they have ends at once. They would need a new invitation to come back."
          : "They are signed out everywhere, their password stops working, and they are e-mailed a link to choose a new one."
      }
      cancel={{ to: peoplePath, label: "Cancel" }}
    >
      <Form method="post" action={peoplePath}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className={button({ variant: "danger" })} disabled={busy}>
          {remove ? `Yes, remove ${name}` : `Yes, reset access for ${name}`}
        </button>
      </Form>
    </ConfirmPanel>
  );
}
