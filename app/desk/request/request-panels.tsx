import { Fragment, type ReactNode } from "react";
import { Form } from "react-router";
import { button } from "#app/components/button.ts";
import { cardClass } from "#app/components/card.ts";
import { input } from "#app/components/input.ts";
import { notificationKindLabels } from "#app/desk/labels.ts";
import { AnswerSpot, type ShownReply, useAnswerAction, useResetAfterSuccess } from "#app/desk/request/answers.tsx";
import { type ConversationFile, FileList } from "#app/desk/request/conversation.tsx";
import type { ActionReply } from "#app/desk/request/intents.server.ts";
import { OrderFields } from "#app/desk/request/order-panel.tsx";
import { VersionField } from "#app/desk/request/team-panels.tsx";
import { formatDateTime } from "#app/lib/london-time.ts";
import { fieldText, labelledFields, longFields, type RequestField } from "#app/request/fields.ts";
import { lostReasonLabels, statusLabels } from "#app/request/status.ts";
import type { OutboxKind } from "#db/outbox-payloads.ts";
import { type QuoteStatus, quoteStatuses } from "#db/statuses.ts";

// The sections of a request's page (app/routes/desk/request.tsx).

type Quote = {
  reference: string;
  customerName: string;
  email: string;
  company: string | null;
  phone: string | null;
  category: string | null;
  urgency: string;
  requirements: string;
  createdAt: Date | string;
  status: QuoteStatus;
  version: number;
  lostReason: string | null;
};
type Line = { id: number; part: string; quantity: number; brand: string | null };
type Notification = {
  id: number;
  kind: OutboxKind;
  status: string;
  attempts: number;
  sentAt: Date | string | null;
  nextAttemptAt: Date | string;
  lastError: string | null;
};

const contactLink = "font-semibold text-steel underline underline-offset-2";
const contactHref: Partial<Record<RequestField, (value: string) => string>> = {
  email: (email) => `mailto:${email}`,
  phone: (phone) => `tel:${phone.replace(/[^\d+]/g, "")}`,
};

/** Everything the buyer sent, as they sent it: each piece isolated, so none can turn the text around it. */
export function RequestAsSent({ quote, lines, files }: { quote: Quote; lines: Line[]; files: ConversationFile[] }) {
  const fields: [string, ReactNode][] = [
    ...labelledFields.map((field): [string, ReactNode] => {
      const value = quote[field.name];
      if (!value || "text" in field) return [field.label, fieldText(field, quote, "Not given")];
      const href = contactHref[field.name]?.(value);
      // The buyer's own words, isolated so that text running right to left cannot turn the page around.
      const text = <bdi key={field.name}>{value}</bdi>;
      return [
        field.label,
        href ? (
          <a key={field.name} href={href} className={contactLink}>
            {text}
          </a>
        ) : (
          text
        ),
      ];
    }),
    ["Received", formatDateTime(quote.createdAt)],
  ];
  return (
    <section aria-labelledby="request-heading" className={`${cardClass} min-w-0 lg:col-start-1 lg:row-start-1`}>
      <h2 id="request-heading" className="text-lg font-bold text-navy">
        Request as sent
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[8rem_1fr]">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-700">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {longFields.map((field) => (
        <Fragment key={field.name}>
          <h3 className="mt-4 font-semibold text-slate-700">{field.label}</h3>
          <p className="mt-1 break-words whitespace-pre-wrap" dir="auto">
            {quote[field.name]}
          </p>
        </Fragment>
      ))}
      {lines.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold text-slate-700">Parts list</h3>
          <div className="mt-1 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-1 pr-3">
                    Part
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Quantity
                  </th>
                  <th scope="col" className="py-1">
                    Brand
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <tr key={line.id} className="border-b border-slate-100">
                    <td className="py-1 pr-3 wrap-anywhere">
                      <bdi>{line.part}</bdi>
                    </td>
                    <td className="py-1 pr-3">{line.quantity}</td>
                    <td className="py-1">{line.brand ? <bdi>{line.brand}</bdi> : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {files.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold text-slate-700">Attachments</h3>
          <FileList files={files} />
        </>
      ) : null}
    </section>
  );
}

/** Status, why a lost one was lost, and what a won one was worth. */
export function StatusForm({ quote, message, busy }: { quote: Quote; message?: ActionReply; busy: boolean }) {
  const action = useAnswerAction("status");
  return (
    <Form method="post" action={action} className="mt-4 flex flex-wrap items-end gap-2">
      <VersionField version={quote.version} />
      <input type="hidden" name="intent" value="status" />
      <div className="max-w-full">
        <label htmlFor="status" className="block font-semibold text-navy">
          Status
        </label>
        <select
          id="status"
          name="status"
          defaultValue={quote.status}
          key={quote.status}
          className={input({ className: "mt-1.5 w-auto max-w-full" })}
        >
          {quoteStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="max-w-full">
        <label htmlFor="lostReason" className="block font-semibold text-navy">
          Reason, if lost
        </label>
        <select
          id="lostReason"
          name="lostReason"
          defaultValue={quote.lostReason ?? ""}
          key={quote.lostReason ?? ""}
          aria-invalid={message?.errors?.lostReason ? true : undefined}
          aria-describedby={message?.errors?.lostReason ? "lostReason-error" : undefined}
          className={input({ className: "mt-1.5 w-auto max-w-full" })}
        >
          <option value="">—</option>
          {Object.entries(lostReasonLabels).map(([reason, label]) => (
            <option key={reason} value={reason}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <OrderFields message={message?.intent === "status" ? message : undefined} idPrefix="status-" />
      <button type="submit" className={button({ variant: "quiet" })} disabled={busy}>
        Change status
      </button>
      {message?.errors?.lostReason ? (
        <p id="lostReason-error" className="w-full text-sm font-semibold text-red-700">
          {message.errors.lostReason}
        </p>
      ) : null}
    </Form>
  );
}

/** An internal note; one that was added leaves an empty box for the next. */
export function NoteForm({ version, message, busy }: { version: number; message?: ActionReply; busy: boolean }) {
  const noteForm = useResetAfterSuccess(message, "note");
  const action = useAnswerAction("note");
  // The query box on an accepted request sends a note too: only this form's own answer is shown here.
  const mine = message?.intent === "note" ? message : undefined;
  return (
    <Form method="post" action={action} className="mt-4" ref={noteForm}>
      <VersionField version={version} />
      <input type="hidden" name="intent" value="note" />
      <label htmlFor="note" className="block font-semibold text-navy">
        Internal note
      </label>
      <p id="note-hint" className="text-sm text-slate-700">
        Only the sales team sees notes.
      </p>
      <textarea
        id="note"
        name="note"
        defaultValue={mine?.values?.note}
        rows={3}
        maxLength={4000}
        aria-describedby={mine?.errors?.note ? "note-hint note-error" : "note-hint"}
        aria-invalid={mine?.errors?.note ? true : undefined}
        className={input({ className: "mt-1.5" })}
      />
      {mine?.errors?.note ? (
        <p id="note-error" className="mt-1.5 text-sm font-semibold text-red-700">
          {mine.errors.note}
        </p>
      ) : null}
      <button type="submit" className={button({ variant: "quiet", className: "mt-2" })} disabled={busy}>
        Add note
      </button>
    </Form>
  );
}

/** The request's own e-mails (to sales, to the buyer) and whether each has left. */
export function NotificationPanel({
  notifications,
  spam,
  version,
  message,
  busy,
}: {
  notifications: Notification[];
  spam: boolean;
  version: number;
  message: ShownReply | undefined;
  busy: boolean;
}) {
  const action = useAnswerAction("notify");
  return (
    <section aria-labelledby="notify-heading" className={`${cardClass} min-w-0 lg:col-start-2 lg:row-start-4`}>
      <h2 id="notify-heading" className="text-lg font-bold text-navy">
        Notification
      </h2>
      {notifications.length === 0 ? (
        <p className="mt-2">{spam ? "None: requests held as spam are not notified." : "None."}</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {notifications.map((n) => (
            <li key={n.id}>
              <p className="font-semibold">{notificationKindLabels[n.kind]}</p>
              <p>
                {n.status === "sent"
                  ? `Sent ${n.sentAt ? formatDateTime(n.sentAt) : ""}`
                  : n.status === "failed"
                    ? "Failed: no more automatic tries"
                    : n.attempts === 0
                      ? "Waiting to be sent"
                      : "Waiting to try again"}
                {" · "}
                {n.attempts} attempt{n.attempts === 1 ? "" : "s"}
              </p>
              {n.status === "pending" && n.attempts > 0 ? <p>Next try {formatDateTime(n.nextAttemptAt)}</p> : null}
              {n.lastError ? <p className="text-sm break-words text-red-800">Last error: {n.lastError}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {notifications.some((n) => n.status !== "sent") ? (
        <Form method="post" action={action} className="mt-3">
          <VersionField version={version} />
          <input type="hidden" name="intent" value="retry" />
          <button type="submit" className={button({ variant: "quiet" })} disabled={busy}>
            Retry now
          </button>
        </Form>
      ) : null}
      <AnswerSpot place="notify" message={message} />
    </section>
  );
}
