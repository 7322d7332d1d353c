import type { ReactNode } from "react";
import { Link } from "react-router";
import { button } from "#app/components/button.ts";
import { cardClass } from "#app/components/card.ts";
import { CcField } from "#app/components/cc-field.tsx";
import { quotationPlaceholders } from "#app/content/quotation.ts";
import { AnswerNote, AnswerText, focusedAnswerClass, useFocusOnMount } from "#app/quotation/answer-note.tsx";
import { type Draft, fieldLimits } from "#app/quotation/draft.ts";
import { formatPence } from "#app/quotation/money.ts";

const controlClass = "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2";

/** One labelled box: label, hint and message tied to the control by id. */
export function QuotationField({
  name,
  label,
  error,
  hint,
  className = "",
  children,
}: {
  name: string;
  label: ReactNode;
  error?: string;
  hint?: string;
  className?: string;
  children: (props: {
    id: string;
    name: string;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
    className: string;
  }) => ReactNode;
}) {
  const id = name.replace(/[[\].]/g, "-");
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className="block font-semibold text-navy">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {children({
        id,
        name,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        className: controlClass,
      })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Delivery, validity, VAT, terms and the e-mail that carries the quotation: four columns on a desktop. */
export function TermsFields({ draft, errors }: { draft: Draft; errors: Record<string, string> }) {
  const textarea = (name: keyof typeof fieldLimits & keyof Draft, rows: number) =>
    function Box(props: Parameters<Parameters<typeof QuotationField>[0]["children"]>[0]) {
      return <textarea {...props} rows={rows} maxLength={fieldLimits[name]} defaultValue={draft[name]} />;
    };
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 lg:grid-cols-[repeat(3,minmax(9.5rem,1fr))_minmax(0,2fr)]">
      <QuotationField name="delivery" label="Delivery charge (£, ex VAT)" error={errors.delivery}>
        {(props) => <input {...props} inputMode="decimal" defaultValue={draft.delivery} />}
      </QuotationField>
      <QuotationField name="validUntil" label="Valid until" error={errors.validUntil}>
        {(props) => <input {...props} type="date" defaultValue={draft.validUntil} />}
      </QuotationField>
      <QuotationField name="vatRate" label="VAT rate (%)" error={errors.vatRate}>
        {(props) => <input {...props} inputMode="decimal" defaultValue={draft.vatRate} />}
      </QuotationField>
      <QuotationField
        name="buyerReference"
        label="Buyer's reference (optional)"
        hint="Their enquiry or order number"
        error={errors.buyerReference}
        className="sm:col-span-3 lg:col-span-1"
      >
        {(props) => <input {...props} maxLength={fieldLimits.buyerReference} defaultValue={draft.buyerReference} />}
      </QuotationField>
      <QuotationField
        name="paymentTerms"
        label="Payment terms"
        error={errors.paymentTerms}
        className="sm:col-span-3 lg:col-span-2"
      >
        {textarea("paymentTerms", 2)}
      </QuotationField>
      <QuotationField
        name="deliveryTerms"
        label="Delivery terms"
        error={errors.deliveryTerms}
        className="sm:col-span-3 lg:col-span-2"
      >
        {textarea("deliveryTerms", 2)}
      </QuotationField>
      <QuotationField
        name="deliveryAddress"
        label="Delivery address (optional)"
        hint="When the goods go somewhere other than the buyer's usual address"
        error={errors.deliveryAddress}
        className="sm:col-span-3 lg:col-span-2"
      >
        {textarea("deliveryAddress", 3)}
      </QuotationField>
      <div className="grid gap-3 sm:col-span-3 lg:col-span-2">
        <QuotationField
          name="subject"
          label="E-mail subject"
          error={errors.subject}
          hint={`You can use ${quotationPlaceholders.join(", ")}.`}
        >
          {(props) => <input {...props} maxLength={fieldLimits.subject} defaultValue={draft.subject} />}
        </QuotationField>
        <QuotationField name="message" label="E-mail message" error={errors.message}>
          {textarea("message", 5)}
        </QuotationField>
      </div>
    </div>
  );
}

const poaText = (count: number) =>
  count === 0 ? "" : ` ${count === 1 ? "One line is" : `${count} lines are`} POA and not included.`;

export type SendQuestion = {
  to: string;
  gross: string;
  poaLines: number;
  /** What looks unusual (unusual.ts); "Send anyway" carries its key. */
  unusual: string[];
  unusualKey: string;
};

/**
 * Asked before a quotation leaves, beside the Send button: once sent it is numbered and never changed. What
 * looks unusual is listed, and "Send anyway" sends only what was listed (its key).
 */
export function ConfirmSend({ to, gross, poaLines, unusual, unusualKey, cc }: SendQuestion & { cc: ReactNode }) {
  const panel = useFocusOnMount<HTMLElement>();
  const warn = unusual.length > 0;
  return (
    <section
      id="editor-answer"
      ref={panel}
      tabIndex={-1}
      aria-labelledby="confirm-send-heading"
      data-testid="confirm-send"
      className={`mt-3 rounded-lg border-2 p-4 ${focusedAnswerClass} ${warn ? "border-red-700 bg-red-50" : "border-navy bg-mist"}`}
    >
      <h3 id="confirm-send-heading" className={`text-lg font-bold ${warn ? "text-red-900" : "text-navy"}`}>
        Send this quotation to <bdi>{to}</bdi>?
      </h3>
      <p className="mt-1">
        Total {gross} including VAT.{poaText(poaLines)} Once sent it is numbered and cannot be changed; a change later
        is a new revision.
      </p>
      {warn ? (
        <>
          <p className="mt-2 font-bold text-red-900">Check these before it goes:</p>
          <ul className="mt-1 list-disc pl-5">
            {unusual.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <input type="hidden" name="unusual" value={unusualKey} />
        </>
      ) : null}
      {cc}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="submit"
          name="intent"
          value="send-confirmed"
          formAction="#editor-answer"
          className={button({ variant: warn ? "danger" : "steel" })}
        >
          {warn ? "Send anyway" : "Yes, send it"}
        </button>
        <Link to="." className={button({ variant: "quiet" })}>
          Not yet
        </Link>
      </div>
    </section>
  );
}

export type Answer = {
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  confirm?: SendQuestion;
  cc?: string;
};

/** The totals as the server worked them out when last saved, what can be done, and the answer beside it. */
export function TotalsAndActions({
  totals,
  pdfUrl,
  answer,
}: {
  totals:
    | { netPence: number; vatPence: number; grossPence: number; lines: { unitPence: number | null }[] }
    | null
    | undefined;
  pdfUrl: string;
  answer?: Answer;
}) {
  return (
    <section aria-labelledby="totals-heading" className={cardClass}>
      <h2 id="totals-heading" className="text-lg font-bold text-navy">
        Totals as saved
      </h2>
      {totals ? (
        <>
          <dl className="mt-2 grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1">
            <dt>Net (excluding VAT)</dt>
            <dd className="text-right">{formatPence(totals.netPence)}</dd>
            <dt>VAT</dt>
            <dd className="text-right">{formatPence(totals.vatPence)}</dd>
            <dt className="font-bold">Total including VAT</dt>
            <dd className="text-right font-bold">{formatPence(totals.grossPence)}</dd>
          </dl>
          {totals.lines.some((line) => line.unitPence === null) ? (
            <p className="mt-1 text-sm text-slate-700">
              {poaText(totals.lines.filter((line) => line.unitPence === null).length).trim()}
            </p>
          ) : null}
        </>
      ) : (
        <p className="mt-2">Worked out once every line has a quantity and a price.</p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="submit"
          name="intent"
          value="save"
          formAction="#editor-answer"
          className={button({ variant: "quiet" })}
        >
          Save draft
        </button>
        <button type="submit" formAction={pdfUrl} formTarget="_blank" className={button({ variant: "quiet" })}>
          Preview the PDF
        </button>
        <button
          type="submit"
          name="intent"
          value="send"
          formAction="#editor-answer"
          className={button({ variant: "steel" })}
        >
          Send…
        </button>
      </div>
      {answer ? <ActionAnswer answer={answer} /> : null}
    </section>
  );
}

/** The answer to Save or Send, right under them: a message, or the question before sending. */
function ActionAnswer({ answer }: { answer: Answer }) {
  if (answer.confirm)
    return (
      <ConfirmSend {...answer.confirm} cc={<CcField id="quotation-cc" value={answer.cc} error={answer.errors?.cc} />} />
    );
  return (
    <AnswerNote id="editor-answer" ok={answer.ok} className="mt-3">
      <AnswerText message={answer.message} errors={answer.errors} />
    </AnswerNote>
  );
}
