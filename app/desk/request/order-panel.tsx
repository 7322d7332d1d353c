import { Form } from "react-router";
import { button } from "#app/components/button.ts";
import { cardClass } from "#app/components/card.ts";
import { input } from "#app/components/input.ts";
import { declineReasonLabels } from "#app/content/online-quotation.ts";
import { useAnswerAction } from "#app/desk/request/answers.tsx";
import type { ActionReply } from "#app/desk/request/intents.server.ts";
import { VersionField } from "#app/desk/request/team-panels.tsx";
import { formatDateTime } from "#app/lib/london-time.ts";
import { penceToText } from "#app/quotation/money.ts";
import type { QuoteStatus } from "#db/statuses.ts";

// The buyer's side of the quotations online (opened when, accepted or declined) and the desk's answer to
// an acceptance: confirm the order as Won, or query it.

type Response = {
  answer: "accepted" | "declined";
  buyerName: string | null;
  poNumber: string | null;
  deliveryAddress: string | null;
  notes: string | null;
  declineReason: string | null;
  declineText: string | null;
  createdAt: Date | string;
};

export type OnlineRow = {
  quotationId: number;
  revision: number | null;
  netPence: number | null;
  firstViewedAt: Date | string | null;
  lastViewedAt: Date | string | null;
  response: Response | null;
};

const errorText = "text-sm font-semibold text-red-700";

/** The order's value and PO, asked with every move to Won. */
export function OrderFields({
  message,
  idPrefix,
  value,
  po,
}: {
  message?: ActionReply;
  idPrefix: string;
  value?: string;
  po?: string;
}) {
  const error = message?.errors?.orderValue;
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}orderValue`} className="block font-semibold text-navy">
          Order value (£, net){idPrefix === "status-" ? ", if won" : ""}
        </label>
        <input
          id={`${idPrefix}orderValue`}
          name="orderValue"
          inputMode="decimal"
          defaultValue={message?.values?.orderValue ?? value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${idPrefix}orderValue-error` : undefined}
          className={input({ className: "mt-1.5 w-32" })}
        />
        {error ? (
          <p id={`${idPrefix}orderValue-error`} className={errorText}>
            {error}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${idPrefix}poNumber`} className="block font-semibold text-navy">
          PO number{idPrefix === "status-" ? ", if won" : " (if given)"}
        </label>
        <input
          id={`${idPrefix}poNumber`}
          name="poNumber"
          maxLength={40}
          defaultValue={message?.values?.poNumber ?? po}
          className={input({ className: "mt-1.5 w-44" })}
        />
      </div>
      {message?.errors?.closeUnanswered ? (
        <div className="w-full">
          <p id={`${idPrefix}closeUnanswered-error`} className={errorText}>
            {message.errors.closeUnanswered}
          </p>
          <label className="mt-1 flex items-center gap-2 font-semibold text-navy">
            <input
              type="checkbox"
              name="closeUnanswered"
              value="yes"
              aria-describedby={`${idPrefix}closeUnanswered-error`}
              className="size-5"
            />
            Close it with the e-mail unanswered
          </label>
        </div>
      ) : null}
    </>
  );
}

function ResponseText({ response }: { response: Response }) {
  if (response.answer === "declined") {
    const reason = declineReasonLabels[response.declineReason as keyof typeof declineReasonLabels];
    return (
      <p>
        Declined online {formatDateTime(response.createdAt)}: {reason ?? response.declineReason}
        {response.declineText ? (
          <>
            {" "}
            — “<bdi>{response.declineText}</bdi>”
          </>
        ) : null}
      </p>
    );
  }
  return (
    <>
      <p>
        Accepted online {formatDateTime(response.createdAt)} by <bdi>{response.buyerName}</bdi>,{" "}
        {response.poNumber ? `PO ${response.poNumber}` : "PO to follow"}
      </p>
      {response.deliveryAddress ? (
        <p className="break-words whitespace-pre-wrap">
          Deliver to: <bdi>{response.deliveryAddress}</bdi>
        </p>
      ) : null}
      {response.notes ? (
        <p className="break-words whitespace-pre-wrap">
          Notes: <bdi>{response.notes}</bdi>
        </p>
      ) : null}
    </>
  );
}

/** Confirm as Won (value prefilled from the accepted revision, editable) or query it back to In progress. */
function ConfirmOrder({
  row,
  version,
  message,
  busy,
}: {
  row: OnlineRow;
  version: number;
  message?: ActionReply;
  busy: boolean;
}) {
  const queryError = message?.intent === "query" ? message.errors?.note : undefined;
  const action = useAnswerAction("online");
  return (
    <>
      <Form method="post" action={action} className="mt-3 flex flex-wrap items-end gap-2">
        <VersionField version={version} />
        <input type="hidden" name="intent" value="confirm-order" />
        <OrderFields
          message={message?.intent === "confirm-order" ? message : undefined}
          idPrefix="confirm-"
          value={row.netPence === null ? undefined : penceToText(row.netPence)}
          po={row.response?.poNumber ?? undefined}
        />
        <label className="flex w-full items-center gap-2 font-semibold text-navy">
          <input
            type="checkbox"
            name="tellBuyer"
            value="yes"
            // Ticked, unless this form was refused with it unticked: what was chosen stays chosen.
            defaultChecked={
              message?.intent === "confirm-order" && message.values ? message.values.tellBuyer === "yes" : true
            }
            className="size-5"
          />
          E-mail the buyer that their order is confirmed
        </label>
        <button type="submit" className={button({ variant: "steel" })} disabled={busy}>
          Confirm order (Won)
        </button>
      </Form>
      <Form method="post" action={action} className="mt-3">
        <VersionField version={version} />
        <input type="hidden" name="intent" value="query" />
        <label htmlFor="query-note" className="block font-semibold text-navy">
          Or query it: what needs checking?
        </label>
        <textarea
          id="query-note"
          name="note"
          rows={2}
          maxLength={4000}
          aria-invalid={queryError ? true : undefined}
          aria-describedby={queryError ? "query-note-error" : undefined}
          className={input({ className: "mt-1.5" })}
        />
        {queryError ? (
          <p id="query-note-error" className={errorText}>
            {queryError}
          </p>
        ) : null}
        <button type="submit" className={button({ variant: "quiet", className: "mt-2" })} disabled={busy}>
          Query it (back to In progress)
        </button>
      </Form>
    </>
  );
}

/** The revision the buyer accepted online, while the request waits for the desk to confirm or query it. */
const acceptedRow = (status: QuoteStatus, rows: OnlineRow[]) =>
  status === "accepted" ? rows.find((row) => row.response?.answer === "accepted") : undefined;

const poText = (row: OnlineRow) => (row.response?.poNumber ? `PO ${row.response.poNumber}` : "PO to follow");

/**
 * Said at the top of the page while an acceptance waits for the desk: on a phone the panel that answers it
 * comes after the request, the work form and the conversation.
 */
export function AcceptedNotice({
  reference,
  status,
  rows,
}: {
  reference: string;
  status: QuoteStatus;
  rows: OnlineRow[];
}) {
  const accepted = acceptedRow(status, rows);
  if (!accepted) return null;
  return (
    <p className="mt-3 rounded-lg border border-steel bg-mist p-4">
      <strong>
        The buyer accepted {reference}/{accepted.revision} online ({poText(accepted)}).
      </strong>{" "}
      <a href="#online-heading" className="font-semibold text-steel underline">
        Confirm the order or query it
      </a>
    </p>
  );
}

export function OnlinePanel(props: {
  reference: string;
  status: QuoteStatus;
  version: number;
  rows: OnlineRow[];
  message?: ActionReply;
  busy: boolean;
}) {
  const { reference, rows } = props;
  if (rows.length === 0) return null;
  const accepted = acceptedRow(props.status, rows);
  return (
    <section aria-labelledby="online-heading" className={`${cardClass} min-w-0`}>
      <h2 id="online-heading" className="scroll-mt-4 text-lg font-bold text-navy">
        {accepted ? `Accepted (${poText(accepted)})` : "Online quotation"}
      </h2>
      <ul className="mt-2 space-y-3">
        {rows.map((row) => (
          <li key={row.quotationId} className="break-words">
            <p className="font-mono font-semibold">
              {reference}/{row.revision}
            </p>
            <p>
              {row.firstViewedAt && row.lastViewedAt
                ? `Opened online: first ${formatDateTime(row.firstViewedAt)}, last ${formatDateTime(row.lastViewedAt)}`
                : "Not opened online yet"}
            </p>
            {row.response ? <ResponseText response={row.response} /> : null}
          </li>
        ))}
      </ul>
      {accepted ? (
        <ConfirmOrder row={accepted} version={props.version} message={props.message} busy={props.busy} />
      ) : null}
    </section>
  );
}
