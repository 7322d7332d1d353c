import type { ReactNode } from "react";
import { button } from "#app/components/button.ts";
import { cardClass } from "#app/components/card.ts";
import { ConfirmPanel } from "#app/components/confirm-panel.tsx";
import { availabilityLabels, quotationPlaceholders } from "#app/content/quotation.ts";
import { availabilityKinds, type Draft, type DraftLine, fieldLimits } from "#app/quotation/draft.ts";
import { formatPence } from "#app/quotation/money.ts";

const controlClass = "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2";
const smallButton = button({ variant: "quiet", className: "min-h-11 px-3 py-1 text-sm" });

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

/** A line of the quotation, with its own move and remove buttons (each posts the whole form). */
export function LineFields({
  line,
  index,
  count,
  errors,
}: {
  line: DraftLine;
  index: number;
  count: number;
  errors: Record<string, string>;
}) {
  const name = (field: keyof DraftLine) => `lines[${index}].${field}`;
  const error = (field: keyof DraftLine) => errors[name(field)];
  const number = index + 1;
  return (
    <fieldset className="rounded-lg border border-slate-300 p-3 sm:p-4">
      <legend className="px-1 font-bold text-navy">Line {number}</legend>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <QuotationField
          name={name("description")}
          label="Description"
          error={error("description")}
          className="col-span-2"
        >
          {(props) => (
            <textarea {...props} rows={2} maxLength={fieldLimits.description} defaultValue={line.description} />
          )}
        </QuotationField>
        <QuotationField name={name("part")} label="Part number" error={error("part")}>
          {(props) => <input {...props} maxLength={fieldLimits.part} defaultValue={line.part} />}
        </QuotationField>
        <QuotationField name={name("brand")} label="Brand" error={error("brand")}>
          {(props) => <input {...props} maxLength={fieldLimits.brand} defaultValue={line.brand} />}
        </QuotationField>
        <QuotationField name={name("quantity")} label="Quantity" error={error("quantity")}>
          {(props) => <input {...props} inputMode="numeric" defaultValue={line.quantity} />}
        </QuotationField>
        <QuotationField
          name={name("unitPrice")}
          label="Unit price (£, ex VAT)"
          hint="Or POA: priced on application, left out of the totals"
          error={error("unitPrice")}
        >
          {(props) => <input {...props} inputMode="decimal" defaultValue={line.unitPrice} placeholder="0.00" />}
        </QuotationField>
        <QuotationField name={name("availability")} label="Availability" error={error("availability")}>
          {(props) => (
            <select {...props} defaultValue={line.availability}>
              {availabilityKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {availabilityLabels[kind]}
                </option>
              ))}
            </select>
          )}
        </QuotationField>
        <QuotationField
          name={name("days")}
          label="Working days"
          hint="When availability is in working days"
          error={error("days")}
        >
          {(props) => <input {...props} inputMode="numeric" defaultValue={line.days} />}
        </QuotationField>
        <QuotationField
          name={name("alternative")}
          label="Alternative offered (optional)"
          error={error("alternative")}
          className="col-span-2"
        >
          {(props) => <input {...props} maxLength={fieldLimits.alternative} defaultValue={line.alternative} />}
        </QuotationField>
        <QuotationField name={name("note")} label="Line note (optional)" error={error("note")} className="col-span-2">
          {(props) => <input {...props} maxLength={fieldLimits.note} defaultValue={line.note} />}
        </QuotationField>
      </div>
      <LineButtons index={index} count={count} />
    </fieldset>
  );
}

/** Move a line up or down, or remove it; each posts the whole form, so nothing typed is lost. */
function LineButtons({ index, count }: { index: number; count: number }) {
  const number = index + 1;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {index > 0 ? (
        <button type="submit" name="intent" value={`up:${index}`} className={smallButton}>
          Move line {number} up
        </button>
      ) : null}
      {index < count - 1 ? (
        <button type="submit" name="intent" value={`down:${index}`} className={smallButton}>
          Move line {number} down
        </button>
      ) : null}
      <button type="submit" name="intent" value={`remove:${index}`} className={smallButton}>
        Remove line {number}
      </button>
    </div>
  );
}

/** Delivery, validity, VAT, terms and the e-mail that carries the quotation. */
export function TermsFields({ draft, errors }: { draft: Draft; errors: Record<string, string> }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <QuotationField name="delivery" label="Delivery charge (£, ex VAT)" error={errors.delivery}>
        {(props) => <input {...props} inputMode="decimal" defaultValue={draft.delivery} />}
      </QuotationField>
      <QuotationField name="validUntil" label="Valid until" error={errors.validUntil}>
        {(props) => <input {...props} type="date" defaultValue={draft.validUntil} />}
      </QuotationField>
      <QuotationField name="vatRate" label="VAT rate (%)" error={errors.vatRate}>
        {(props) => <input {...props} inputMode="decimal" defaultValue={draft.vatRate} />}
      </QuotationField>
      <QuotationField name="paymentTerms" label="Payment terms" error={errors.paymentTerms} className="sm:col-span-3">
        {(props) => (
          <textarea {...props} rows={2} maxLength={fieldLimits.paymentTerms} defaultValue={draft.paymentTerms} />
        )}
      </QuotationField>
      <QuotationField
        name="deliveryTerms"
        label="Delivery terms"
        error={errors.deliveryTerms}
        className="sm:col-span-3"
      >
        {(props) => (
          <textarea {...props} rows={2} maxLength={fieldLimits.deliveryTerms} defaultValue={draft.deliveryTerms} />
        )}
      </QuotationField>
      <QuotationField
        name="buyerReference"
        label="Buyer's reference (optional)"
        hint="Their enquiry or order number, printed on the quotation"
        error={errors.buyerReference}
      >
        {(props) => <input {...props} maxLength={fieldLimits.buyerReference} defaultValue={draft.buyerReference} />}
      </QuotationField>
      <QuotationField
        name="deliveryAddress"
        label="Delivery address (optional)"
        hint="When the goods go somewhere other than the buyer's usual address"
        error={errors.deliveryAddress}
        className="sm:col-span-2"
      >
        {(props) => (
          <textarea {...props} rows={3} maxLength={fieldLimits.deliveryAddress} defaultValue={draft.deliveryAddress} />
        )}
      </QuotationField>
      <QuotationField
        name="subject"
        label="E-mail subject"
        error={errors.subject}
        className="sm:col-span-3"
        hint={`You can use ${quotationPlaceholders.join(", ")}.`}
      >
        {(props) => <input {...props} maxLength={fieldLimits.subject} defaultValue={draft.subject} />}
      </QuotationField>
      <QuotationField name="message" label="E-mail message" error={errors.message} className="sm:col-span-3">
        {(props) => <textarea {...props} rows={8} maxLength={fieldLimits.message} defaultValue={draft.message} />}
      </QuotationField>
    </div>
  );
}

const poaText = (count: number) =>
  count === 0 ? "" : ` ${count === 1 ? "One line is" : `${count} lines are`} POA and not included.`;

/** Asked before a quotation leaves: once sent it is numbered and never changed. */
export function ConfirmSend({ to, gross, poaLines = 0 }: { to: string; gross: string; poaLines?: number }) {
  return (
    <ConfirmPanel
      id="confirm-send"
      tone="plain"
      title={`Send this quotation to ${to}?`}
      text={`Total ${gross} including VAT.${poaText(poaLines)} Once sent it is numbered and cannot be changed; a change later is a new revision.`}
      cancel={{ to: ".", label: "Not yet" }}
    >
      <button type="submit" name="intent" value="send-confirmed" className={button({ variant: "steel" })}>
        Yes, send it
      </button>
    </ConfirmPanel>
  );
}

/** The totals as the server worked them out when last saved, and what can be done with the draft. */
export function TotalsAndActions({
  totals,
  pdfUrl,
}: {
  totals:
    | { netPence: number; vatPence: number; grossPence: number; lines: { unitPence: number | null }[] }
    | null
    | undefined;
  pdfUrl: string;
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
        <button type="submit" name="intent" value="save" className={button({ variant: "quiet" })}>
          Save draft
        </button>
        <button type="submit" formAction={pdfUrl} formTarget="_blank" className={button({ variant: "quiet" })}>
          Preview the PDF
        </button>
        <button type="submit" name="intent" value="send" className={button({ variant: "steel" })}>
          Send…
        </button>
      </div>
    </section>
  );
}
