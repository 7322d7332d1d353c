import type { ReactNode } from "react";
import { button } from "#app/components/button.ts";
import { availabilityLabels, quotationPlaceholders } from "#app/content/quotation.ts";
import { availabilityKinds, type Draft, type DraftLine, fieldLimits } from "#app/quotation/draft.ts";

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
        <QuotationField name={name("unitPrice")} label="Unit price (£, ex VAT)" error={error("unitPrice")}>
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
    </fieldset>
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
