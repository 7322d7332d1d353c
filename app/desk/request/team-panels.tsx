import { Form, Link } from "react-router";
import { button } from "#app/components/button.ts";
import { cardClass } from "#app/components/card.ts";
import { ConfirmPanel } from "#app/components/confirm-panel.tsx";
import { input } from "#app/components/input.ts";
import { AnswerSpot, type ShownReply, useAnswerAction } from "#app/desk/request/answers.tsx";
import { formatDateTime } from "#app/lib/london-time.ts";
import { formatPence } from "#app/quotation/money.ts";
import { statusLabels } from "#app/request/status.ts";
import type { QuoteStatus } from "#db/statuses.ts";

/** Every change a request page posts carries the version it showed (see applyChange). */
export function VersionField({ version }: { version: number }) {
  return <input type="hidden" name="version" value={version} />;
}

type HistoryRow = {
  reference: string;
  createdAt: Date | string;
  status: QuoteStatus;
  customerName: string;
  company: string | null;
  sameBuyer: boolean;
  mergedInto: string | null;
};

/** The buyer's and the company's other requests (merged ones say where to), and merging one in. */
export function HistoryPanel({
  version,
  reference,
  history,
  message,
  busy,
}: {
  version: number;
  reference: string;
  history: HistoryRow[];
  message: ShownReply | undefined;
  busy: boolean;
}) {
  const action = useAnswerAction("merge");
  const mine = message?.intent === "merge";
  const mergeError = mine ? message.errors?.other : undefined;
  const mergeValue = mine ? message.values?.other : undefined;
  return (
    <section aria-labelledby="history-heading" className={`${cardClass} min-w-0`}>
      <h2 id="history-heading" className="text-lg font-bold text-navy">
        Same buyer or company
      </h2>
      {history.length === 0 ? (
        <p className="mt-2">No other requests from this e-mail address or company.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {history.map((row) => (
            <HistoryItem key={row.reference} row={row} current={reference} />
          ))}
        </ul>
      )}
      <Form method="post" action={action} className="mt-4">
        <VersionField version={version} />
        <input type="hidden" name="intent" value="merge" />
        <label htmlFor="merge-other" className="block font-semibold text-navy">
          Merge another request into this one
        </label>
        <p id="merge-hint" className="text-sm text-slate-700">
          Its parts lines and files move here; it becomes a link to this request.
        </p>
        <div className="mt-1.5 flex flex-wrap items-end gap-2">
          <input
            id="merge-other"
            name="other"
            defaultValue={mergeValue}
            key={mergeValue}
            placeholder="Q-261124-7KX2M"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby={mergeError ? "merge-hint merge-error" : "merge-hint"}
            aria-invalid={mergeError ? true : undefined}
            className={input({ className: "max-w-xs font-mono" })}
          />
          <button type="submit" className={button({ variant: "quiet" })} disabled={busy}>
            Merge…
          </button>
        </div>
        {mergeError ? (
          <p id="merge-error" className="mt-1.5 text-sm font-semibold text-red-700">
            {mergeError}
          </p>
        ) : null}
      </Form>
      <AnswerSpot place="merge" message={message}>
        {message?.confirmMerge ? (
          <ConfirmMerge version={version} into={reference} other={message.confirmMerge} action={action} busy={busy} />
        ) : null}
      </AnswerSpot>
    </section>
  );
}

/** One other request: its reference, when it came, its status or where it was merged, and who sent it. */
function HistoryItem({ row, current }: { row: HistoryRow; current: string }) {
  return (
    <li className="break-words">
      <Link to={`/desk/quotes/${row.reference}`} className="font-mono font-semibold text-steel underline">
        {row.reference}
      </Link>{" "}
      <span className="text-slate-700">
        {formatDateTime(row.createdAt)} ·{" "}
        {row.mergedInto ? (
          <>
            merged into{" "}
            {row.mergedInto === current ? (
              "this request"
            ) : (
              <Link to={`/desk/quotes/${row.mergedInto}`} className="font-mono text-steel underline">
                {row.mergedInto}
              </Link>
            )}
          </>
        ) : (
          statusLabels[row.status]
        )}{" "}
        · <bdi>{row.customerName}</bdi>
        {row.sameBuyer || !row.company ? null : (
          <>
            , <bdi>{row.company}</bdi>
          </>
        )}
      </span>
    </li>
  );
}

function ConfirmMerge({
  version,
  into,
  other,
  action,
  busy,
}: {
  version: number;
  into: string;
  other: { reference: string; customerName: string };
  action: string;
  busy: boolean;
}) {
  return (
    <ConfirmPanel
      id="confirm-merge"
      tone="danger"
      className="mt-3"
      takeFocus
      title={
        <>
          Merge {other.reference} (<bdi>{other.customerName}</bdi>) into {into}?
        </>
      }
      text={`Its parts lines and files move to ${into}, and ${other.reference} becomes a link to it. This cannot be undone.`}
    >
      <Form method="post" action={action}>
        <VersionField version={version} />
        <input type="hidden" name="intent" value="merge" />
        <input type="hidden" name="other" value={other.reference} />
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className={button({ variant: "danger" })} disabled={busy}>
          Yes, merge {other.reference}
        </button>
      </Form>
    </ConfirmPanel>
  );
}

type QuotationRow = {
  id: number;
  revision: number | null;
  grossPence: number | null;
  sentByName: string | null;
  queuedAt: Date | string | null;
  sentAt: Date | string | null;
};
type Delivery = { status: string; attempts: number; lastError: string | null };

/** Who sent it and when it left; one that has not left yet was only queued, so it does not say "Sent". */
function deliveryText(row: QuotationRow, delivery: Delivery | undefined) {
  const by = `${row.sentByName ?? "the desk"}${row.queuedAt ? ` ${formatDateTime(row.queuedAt)}` : ""}`;
  if (row.sentAt) return `Sent by ${by} · E-mailed ${formatDateTime(row.sentAt)}`;
  if (delivery?.status === "failed") return `Queued by ${by} · Failed: no more automatic tries (see Notification)`;
  if (delivery && delivery.attempts > 0) return `Queued by ${by} · Waiting to try again (see Notification)`;
  return `Queued by ${by} · Waiting to be sent`;
}

/** The request's quotations: each sent revision with its delivery state and PDF, and the way to the next. */
export function QuotationsPanel({
  reference,
  quotations,
  deliveries,
}: {
  reference: string;
  quotations: QuotationRow[];
  deliveries: Record<number, Delivery>;
}) {
  const sent = quotations.filter((q) => q.revision !== null);
  const draft = quotations.some((q) => q.revision === null);
  const next = `/desk/quotes/${reference}/quotation`;
  return (
    <section aria-labelledby="quotations-heading" className={`${cardClass} min-w-0`}>
      <h2 id="quotations-heading" className="text-lg font-bold text-navy">
        Quotations
      </h2>
      {sent.length === 0 ? <p className="mt-2">None sent yet.</p> : null}
      <ul className="mt-2 space-y-2">
        {sent.map((row) => (
          <li key={row.id} className="break-words">
            <a
              href={`/desk/quotes/${reference}/quotation-pdf/${row.revision}`}
              className="font-mono font-semibold text-steel underline"
            >
              {reference}/{row.revision}
            </a>{" "}
            <span>{row.grossPence === null ? "" : `${formatPence(row.grossPence)} including VAT`}</span>
            <span className="block text-sm text-slate-700">{deliveryText(row, deliveries[row.id])}</span>
          </li>
        ))}
      </ul>
      <Link to={next} className={button({ variant: "steel", className: "mt-3" })}>
        {draft ? "Continue the draft quotation" : sent.length ? "Prepare a new revision" : "Prepare a quotation"}
      </Link>
    </section>
  );
}
