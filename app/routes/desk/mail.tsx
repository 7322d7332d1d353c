import { data, Form, Link, useNavigation } from "react-router";
import { button } from "#app/components/button.ts";
import { cardClass } from "#app/components/card.ts";
import { input } from "#app/components/input.ts";
import { readFormData } from "#app/desk/read-form.server.ts";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { formatDateTime } from "#app/lib/london-time.ts";
import { rowId } from "#app/lib/row-id.ts";
import {
  dismissHeldMail,
  type HeldJoin,
  heldMailKeptDays,
  joinHeldMail,
  listHeldMail,
} from "#app/mail-in/held.server.ts";
import { maxMailBytes } from "#app/mail-in/read.server.ts";
import { formatBytes } from "#app/quote/attachments.ts";
import { referencePattern } from "#app/request/reference.server.ts";
import type { Route } from "./+types/mail";

export const meta: Route.MetaFunction = () => [
  { title: "Mail not joined · Quote desk" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return {
    mail: await listHeldMail(context.get(servicesContext).database.db),
    largest: formatBytes(maxMailBytes),
    keptDays: heldMailKeptDays,
  };
}

type Reply = { ok: boolean; message: string; id?: number; referenceError?: string; reference?: string };

const gone = "That e-mail is no longer on this list.";

function joinReply(result: HeldJoin, id: number, reference: string) {
  if (result.ok) {
    const message =
      result.outcome === "joined"
        ? `E-mail joined to ${result.reference}.`
        : `That e-mail was already in a request's conversation; it is off this list.`;
    return { ok: true, message, reference: result.reference } satisfies Reply;
  }
  const refused = (status: number, message: string, referenceError?: string) =>
    data<Reply>({ ok: false, message, id, referenceError, reference }, { status });
  switch (result.why) {
    case "gone":
      return refused(409, gone);
    case "no such request":
      return refused(422, "Check the reference.", `There is no request ${reference}.`);
    case "unreadable":
      return refused(422, "That e-mail cannot be read, so it cannot be joined. Open it in the mailbox instead.");
    case "failed":
      return refused(422, `That e-mail could not be joined (${result.errorKind}). It stays on this list.`);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { mailDesk } = context.get(servicesContext);
  const staff = context.get(staffContext);
  const form = await readFormData(request);
  const id = rowId(form.get("id"));
  if (id === undefined) return data<Reply>({ ok: false, message: gone }, { status: 404 });
  const intent = form.get("intent");
  if (intent === "dismiss") {
    if (await dismissHeldMail(mailDesk, id, staff)) return { ok: true, message: "E-mail dismissed." } satisfies Reply;
    return data<Reply>({ ok: false, message: gone }, { status: 409 });
  }
  if (intent !== "join") return data<Reply>({ ok: false, message: "Please use the desk's forms." }, { status: 400 });
  const reference = String(form.get("reference") ?? "")
    .trim()
    .toUpperCase()
    .slice(0, 40);
  if (!referencePattern.test(reference)) {
    const referenceError = "Enter a reference like Q-261122-7F3K9.";
    return data<Reply>({ ok: false, message: "Check the reference.", id, referenceError, reference }, { status: 422 });
  }
  return joinReply(await joinHeldMail(mailDesk, id, reference, staff), id, reference);
}

type Held = Route.ComponentProps["loaderData"]["mail"][number];

function whyText(mail: Held, largest: string) {
  switch (mail.why) {
    case "no request":
      return "It names no request: no reference in its subject, and it answers none of the desk's e-mails.";
    case "unreadable":
      return `It could not be read as an e-mail (${mail.errorKind ?? "not MIME"}).`;
    case "too large":
      return `It is over ${largest}, the most the desk reads. It is still in the mailbox.`;
    case "failed":
      return `Joining it failed ${mail.attempts} times (${mail.errorKind ?? "unknown error"}).`;
  }
}

const whereText = (mail: Held) =>
  mail.fileName ? `File ${mail.fileName} in the inbox folder` : `Mailbox ${mail.mailbox}, message UID ${mail.uid}`;

type ItemProps = { mail: Held; largest: string; reply: Reply | undefined; busy: boolean };

function HeldItem({ mail, largest, reply, busy }: ItemProps) {
  const refused = reply && !reply.ok && reply.id === mail.id ? reply : undefined;
  const field = `reference-${mail.id}`;
  return (
    <li className={`${cardClass} min-w-0 break-words`}>
      <h2 className="font-bold text-navy">
        <bdi>{mail.subject || "(no subject)"}</bdi>
      </h2>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">From</dt>
        <dd>
          <bdi>{mail.fromAddress || "(no sender)"}</bdi>
        </dd>
        <dt className="font-semibold">Received</dt>
        <dd>{formatDateTime(mail.receivedAt)}</dd>
        <dt className="font-semibold">Why it is here</dt>
        <dd>{whyText(mail, largest)}</dd>
        <dt className="font-semibold">Where it is</dt>
        <dd>{whereText(mail)}</dd>
      </dl>
      {refused ? (
        <p role="alert" className="mt-2 font-semibold text-red-800">
          {refused.message}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-start gap-3">
        {mail.canJoin ? (
          <details open={refused?.referenceError !== undefined} className="min-w-0">
            <summary className={button({ variant: "quiet" })}>Join to request…</summary>
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="join" />
              <input type="hidden" name="id" value={mail.id} />
              <label htmlFor={field} className="block font-semibold text-navy">
                Request reference
              </label>
              <input
                id={field}
                name="reference"
                defaultValue={refused?.reference ?? ""}
                placeholder="Q-261122-7F3K9"
                autoComplete="off"
                aria-invalid={refused?.referenceError ? true : undefined}
                aria-describedby={refused?.referenceError ? `${field}-error` : undefined}
                className={input({ className: "mt-1 max-w-xs py-2 uppercase" })}
              />
              {refused?.referenceError ? (
                <p id={`${field}-error`} className="mt-1 text-sm font-semibold text-red-700">
                  {refused.referenceError}
                </p>
              ) : null}
              <button type="submit" className={button({ variant: "steel", className: "mt-2" })} disabled={busy}>
                Join it to this request
              </button>
            </Form>
          </details>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value="dismiss" />
          <input type="hidden" name="id" value={mail.id} />
          <button type="submit" className={button({ variant: "quiet-danger" })} disabled={busy}>
            Dismiss<span className="sr-only"> “{mail.subject || "(no subject)"}”</span>
          </button>
        </Form>
      </div>
    </li>
  );
}

export default function MailNotJoined({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const reply = actionData as Reply | undefined;
  return (
    <>
      <p>
        <Link to="/desk" className="font-semibold text-steel underline">
          ← Back to the inbox
        </Link>
      </p>
      <h1 className="mt-3 text-2xl font-bold text-navy">Mail not joined</h1>
      <p className="mt-1 max-w-prose">
        E-mails to the sales address that the desk read but could not join to a request. Join one to the request it
        belongs to, or dismiss it; the e-mail itself stays in the mailbox either way. One left here for{" "}
        {loaderData.keptDays} days is dismissed by the desk.
      </p>
      <div role="status" className="mt-3 min-h-6 font-semibold">
        {reply?.ok ? (
          <span className="text-green-800">
            {reply.message}{" "}
            {reply.reference ? (
              <Link to={`/desk/quotes/${reply.reference}`} className="text-steel underline">
                Open {reply.reference}
              </Link>
            ) : null}
          </span>
        ) : reply && reply.id === undefined ? (
          <span className="text-red-700">{reply.message}</span>
        ) : null}
      </div>
      {loaderData.mail.length === 0 ? (
        <p className="mt-2">Every e-mail the desk has read so far has joined its request.</p>
      ) : (
        <ul aria-label="Mail not joined" className="mt-2 space-y-4">
          {loaderData.mail.map((mail) => (
            <HeldItem key={mail.id} mail={mail} largest={loaderData.largest} reply={reply} busy={busy} />
          ))}
        </ul>
      )}
    </>
  );
}
