import { Form, Link, useFetcher } from "react-router";
import { button } from "#app/components/button.ts";
import { CcField } from "#app/components/cc-field.tsx";
import { input } from "#app/components/input.ts";
import { type ShownReply, useAnswerAction, useResetAfterSuccess } from "#app/desk/request/answers.tsx";
import { VersionField } from "#app/desk/request/team-panels.tsx";

const controlClass = input({ className: "mt-1.5" });

type Saved = { id: number; title: string };

/** Fills the reply below from a saved reply (a GET, so it works without scripts). */
function SavedReplyPicker({ saved, chosen }: { saved: Saved[]; chosen?: number }) {
  return (
    <Form method="get" className="mt-2 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor="saved-reply" className="block font-semibold text-navy">
          Start from a saved reply
        </label>
        <select id="saved-reply" name="reply" defaultValue={chosen ?? ""} className={controlClass}>
          <option value="">A blank reply</option>
          {saved.map((reply) => (
            <option key={reply.id} value={reply.id}>
              {reply.title}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={button({ variant: "quiet" })}>
        Use it
      </button>
    </Form>
  );
}

/**
 * Writing to the buyer from the desk: start from a saved reply, edit, send through the outbox. What is typed
 * stays through the page's other actions; a reply sent leaves the box as a new reply starts (the saved reply
 * it started from is not offered again, so a second Send cannot repeat it).
 */
export function ReplyPanel({
  version,
  saved,
  chosen,
  prefill,
  mailto,
  message,
  busy,
}: {
  version: number;
  saved: Saved[];
  chosen?: number;
  prefill?: { subject: string; body: string };
  mailto: string;
  message?: ShownReply;
  busy: boolean;
}) {
  const action = useAnswerAction("reply", ["reply"]);
  const replyForm = useResetAfterSuccess(message, "send-reply");
  const mine = message?.intent === "send-reply" && !message.ok;
  const errors = mine ? message.errors : undefined;
  const typed = mine ? message.values : undefined;
  const subject = typed?.subject ?? prefill?.subject ?? "";
  const body = typed?.body ?? prefill?.body ?? "";
  return (
    <div className="mt-4">
      <h3 className="font-bold text-navy">Reply by e-mail</h3>
      <SavedReplyPicker saved={saved} chosen={chosen} />
      <Form method="post" action={action} className="mt-3" key={chosen ?? ""} ref={replyForm}>
        {/* The form's default button, disabled: Enter in Subject or Cc sends nothing (with or without scripts). */}
        <button type="submit" disabled hidden aria-hidden="true" tabIndex={-1} />
        <VersionField version={version} />
        <input type="hidden" name="intent" value="send-reply" />
        <label htmlFor="reply-subject" className="block font-semibold text-navy">
          Subject
        </label>
        <input
          id="reply-subject"
          name="subject"
          defaultValue={subject}
          maxLength={200}
          aria-invalid={errors?.subject ? true : undefined}
          aria-describedby={errors?.subject ? "reply-subject-error" : undefined}
          className={controlClass}
        />
        {errors?.subject ? (
          <p id="reply-subject-error" className="mt-1 text-sm font-semibold text-red-700">
            {errors.subject}
          </p>
        ) : null}
        <CcField id="reply-cc" value={typed?.cc} error={errors?.cc} />
        <label htmlFor="reply-body" className="mt-3 block font-semibold text-navy">
          Message
        </label>
        <p id="reply-body-hint" className="text-sm text-slate-700">
          {"{name}"}, {"{reference}"} and {"{company}"} are filled in when it is sent.
        </p>
        <textarea
          id="reply-body"
          name="body"
          rows={7}
          maxLength={10_000}
          defaultValue={body}
          aria-invalid={errors?.body ? true : undefined}
          aria-describedby={errors?.body ? "reply-body-hint reply-body-error" : "reply-body-hint"}
          className={controlClass}
        />
        {errors?.body ? (
          <p id="reply-body-error" className="mt-1 text-sm font-semibold text-red-700">
            {errors.body}
          </p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <button type="submit" className={button({ variant: "steel" })} disabled={busy}>
            Send reply
          </button>
          <Link to="/desk/replies" className="font-semibold text-steel underline">
            Saved replies
          </Link>
          <a href={mailto} className="font-semibold text-steel underline">
            Write it in your mail program instead
          </a>
        </div>
      </Form>
    </div>
  );
}

/** A phone call to the buyer answers them too: it starts the response clock; recording it stays on the page. */
export function RecordReplyButton({ version }: { version: number }) {
  const reply = useFetcher({ key: "reply" });
  const action = useAnswerAction("phone");
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <reply.Form method="post" action={action}>
        <VersionField version={version} />
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="channel" value="other" />
        <button type="submit" className={button({ variant: "quiet" })}>
          Record a phone call
        </button>
      </reply.Form>
    </div>
  );
}
