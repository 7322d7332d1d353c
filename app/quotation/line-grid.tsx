import { type KeyboardEvent, type ReactNode, useState } from "react";
import { button } from "#app/components/button.ts";
import { availabilityLabels } from "#app/content/quotation.ts";
import { AnswerNote, AnswerText } from "#app/quotation/answer-note.tsx";
import { availabilityKinds, type DraftLine, fieldLimits } from "#app/quotation/draft.ts";
import { formatPence, isPoa, readPrice } from "#app/quotation/money.ts";

// One row per line on a desktop (≥ 1024 px), a card per line below that. The column headings are for the
// eye only: every box carries its own label, "Line 3 Unit price", so a screen reader needs no table.
const columns =
  "lg:grid-cols-[2rem_minmax(0,1fr)_minmax(0,1.5fr)_minmax(0,0.75fr)_4rem_5.5rem_8rem_6rem_4.75rem] lg:gap-x-1.5";
const rowClass = `grid grid-cols-2 gap-2 sm:grid-cols-4 ${columns} lg:items-start lg:gap-y-0 lg:py-1`;
const boxClass = "block w-full min-w-0 rounded-md border border-slate-400 bg-white px-2 py-2 text-sm min-h-11";
const smallButton = button({ variant: "quiet", className: "min-h-11 px-3 py-1 text-sm" });

/** The shared hint of every unit price box. */
export const priceHintId = "unit-price-hint";

/** A line's total as it stands: the server's after a save, and the same sum live as prices are typed. */
export function lineTotalText(quantity: string, unitPrice: string) {
  if (isPoa(unitPrice)) return "POA";
  const price = readPrice(unitPrice);
  const count = /^\d{1,7}$/.test(quantity.trim()) ? Number(quantity.trim()) : 0;
  return "pence" in price && count > 0 ? formatPence(count * price.pence) : "—";
}

/** Enter in a one-line box does nothing: a form this long is never sent by a stray key. */
export function keepEnterFromSubmitting(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target;
  if (event.key !== "Enter" || !(target instanceof HTMLInputElement)) return;
  if (!["submit", "button", "reset", "checkbox", "radio", "file"].includes(target.type)) event.preventDefault();
}

const headings = ["#", "Part", "Description", "Brand", "Qty", "Unit price", "Availability", "Line total"];

export function GridHeadings() {
  return (
    <div
      aria-hidden="true"
      className={`hidden ${columns} border-b border-slate-300 pb-1 text-sm font-semibold lg:grid`}
    >
      {headings.map((heading) => (
        <span key={heading} className={heading === "Line total" ? "text-right" : ""}>
          {heading}
        </span>
      ))}
    </div>
  );
}

type CellProps = {
  index: number;
  field: keyof DraftLine;
  label: string;
  errors: Record<string, string>;
  className?: string;
  /** Labels that stay visible on a desktop too (the folded details have no column heading). */
  labelShown?: boolean;
  describedBy?: string;
  children: (props: {
    id: string;
    name: string;
    className: string;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
  }) => ReactNode;
};

/** One box of a line: labelled "Line 3 Unit price", its message tied to it. */
function Cell({ index, field, label, errors, className = "", labelShown, describedBy, children }: CellProps) {
  const name = `lines[${index}].${field}`;
  const id = `lines-${index}--${field}`;
  const error = errors[name];
  const described = [describedBy, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className={`block text-sm font-semibold text-navy ${labelShown ? "" : "lg:sr-only"}`}>
        <span className="sr-only">Line {index + 1} </span>
        {label}
      </label>
      {children({
        id,
        name,
        className: boxClass,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(described ? { "aria-describedby": described } : {}),
      })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type RowProps = {
  line: DraftLine;
  index: number;
  count: number;
  errors: Record<string, string>;
  /** The answer to this line's own Move button, shown in its folded details. */
  answer?: { ok: boolean; message: string; errors?: Record<string, string> };
};

/** A line of the quotation: its boxes along one row, its alternative, note and buttons folded. */
export function LineRow({ line, index, count, errors, answer }: RowProps) {
  const [quantity, setQuantity] = useState(line.quantity);
  const [unitPrice, setUnitPrice] = useState(line.unitPrice);
  const cell = { index, errors };
  return (
    <fieldset
      aria-labelledby={`line-${index}`}
      className={`${rowClass} min-w-0 rounded-lg border border-slate-300 p-2 lg:rounded-none lg:border-0 lg:border-b lg:px-0`}
    >
      <p
        id={`line-${index}`}
        className="col-span-2 font-bold text-navy sm:col-span-4 lg:col-span-1 lg:pt-2.5 lg:text-sm"
      >
        <span className="lg:sr-only">Line </span>
        {index + 1}
      </p>
      <Cell {...cell} field="part" label="Part">
        {(props) => <input {...props} maxLength={fieldLimits.part} defaultValue={line.part} />}
      </Cell>
      <Cell {...cell} field="description" label="Description" className="sm:col-span-2 lg:col-span-1">
        {(props) => (
          <textarea
            {...props}
            rows={1}
            maxLength={fieldLimits.description}
            defaultValue={line.description}
            className={`${props.className} field-sizing-content resize-y`}
          />
        )}
      </Cell>
      <Cell {...cell} field="brand" label="Brand">
        {(props) => <input {...props} maxLength={fieldLimits.brand} defaultValue={line.brand} />}
      </Cell>
      <Cell {...cell} field="quantity" label="Qty">
        {(props) => (
          <input
            {...props}
            inputMode="numeric"
            defaultValue={line.quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
        )}
      </Cell>
      <Cell {...cell} field="unitPrice" label="Unit price" describedBy={priceHintId}>
        {(props) => (
          <input
            {...props}
            inputMode="decimal"
            defaultValue={line.unitPrice}
            onChange={(e) => setUnitPrice(e.target.value)}
          />
        )}
      </Cell>
      <Availability line={line} index={index} errors={errors} />
      <p className="self-center text-sm sm:text-right lg:pt-2.5 lg:self-start">
        <span className="font-semibold text-navy lg:sr-only">Line total </span>
        <span className="tabular-nums wrap-anywhere" data-line-total="">
          {lineTotalText(quantity, unitPrice)}
        </span>
      </p>
      <LineDetails line={line} index={index} count={count} errors={errors} answer={answer} />
    </fieldset>
  );
}

/** Availability, and the working days when it is in working days (shown by CSS, so also without scripts). */
function Availability({ line, index, errors }: Pick<RowProps, "line" | "index" | "errors">) {
  const daysShown = Boolean(errors[`lines[${index}].days`]);
  return (
    <div className="group/availability min-w-0">
      <Cell index={index} errors={errors} field="availability" label="Availability">
        {(props) => (
          <select {...props} defaultValue={line.availability}>
            {availabilityKinds.map((kind) => (
              <option key={kind} value={kind}>
                {availabilityLabels[kind]}
              </option>
            ))}
          </select>
        )}
      </Cell>
      <div className={`${daysShown ? "" : "hidden"} mt-1 group-has-[option[value=days]:checked]/availability:block`}>
        <Cell index={index} errors={errors} field="days" label="Working days" labelShown>
          {(props) => <input {...props} inputMode="numeric" defaultValue={line.days} />}
        </Cell>
      </div>
    </div>
  );
}

/** The alternative offered, a note and the line's own buttons, folded until wanted. */
function LineDetails({ line, index, count, errors, answer }: RowProps) {
  const name = (field: keyof DraftLine) => `lines[${index}].${field}`;
  const filled = Boolean(line.alternative.trim() || line.note.trim());
  const open = Boolean(answer || errors[name("alternative")] || errors[name("note")]);
  return (
    <details open={open} className="col-span-2 sm:col-span-4 lg:contents [&::details-content]:col-span-full">
      <summary className="flex min-h-11 cursor-pointer items-center rounded px-1 text-sm font-semibold text-steel underline underline-offset-2 lg:col-start-9 lg:row-start-1">
        More<span className="sr-only"> for line {index + 1}</span>
        {filled ? (
          <>
            <span aria-hidden="true" className="ml-1">
              ●
            </span>
            <span className="sr-only">, filled in</span>
          </>
        ) : null}
      </summary>
      <div className="grid gap-2 pb-2 sm:grid-cols-2 lg:pl-[2.375rem]">
        {answer ? (
          <AnswerNote id={`line-${index}-answer`} ok={answer.ok} className="sm:col-span-2">
            <AnswerText message={answer.message} errors={answer.errors} />
          </AnswerNote>
        ) : null}
        <Cell index={index} errors={errors} field="alternative" label="Alternative offered (optional)" labelShown>
          {(props) => <input {...props} maxLength={fieldLimits.alternative} defaultValue={line.alternative} />}
        </Cell>
        <Cell index={index} errors={errors} field="note" label="Line note (optional)" labelShown>
          {(props) => <input {...props} maxLength={fieldLimits.note} defaultValue={line.note} />}
        </Cell>
        <LineButtons index={index} count={count} />
      </div>
    </details>
  );
}

/** Move a line up or down, or remove it; each posts the whole form, so nothing typed is lost. */
function LineButtons({ index, count }: { index: number; count: number }) {
  const number = index + 1;
  return (
    <div className="flex flex-wrap gap-2 sm:col-span-2">
      {index > 0 ? (
        <button
          type="submit"
          name="intent"
          value={`up:${index}`}
          formAction={`#line-${index - 1}-answer`}
          className={smallButton}
        >
          Move line {number} up
        </button>
      ) : null}
      {index < count - 1 ? (
        <button
          type="submit"
          name="intent"
          value={`down:${index}`}
          formAction={`#line-${index + 1}-answer`}
          className={smallButton}
        >
          Move line {number} down
        </button>
      ) : null}
      <button type="submit" name="intent" value={`remove:${index}`} formAction="#lines-answer" className={smallButton}>
        Remove line {number}
      </button>
    </div>
  );
}
