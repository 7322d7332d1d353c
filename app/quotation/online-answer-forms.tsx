import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import type { FormEvent } from "react";
import { Form } from "react-router";
import { button } from "#app/components/button.ts";
import { Field } from "#app/components/field.tsx";
import { useDeskForm } from "#app/components/use-desk-form.ts";
import { declineReasonLabels, onlineQuotationText as text } from "#app/content/online-quotation.ts";
import { firstProblem } from "#app/lib/parse-form.ts";
import { acceptSchema, answerLimits, declineSchema } from "#app/quotation/online-forms.ts";

// The buyer's two answers on a quotation's page online. Plain HTML forms: they work before (and without)
// scripts; with scripts, the same schemas check each field as it is left. A page sent back without scripts
// opens at the answer's first problem, not at the top of a long quotation: the accept form's field with it
// takes the focus (a fragment in the address would stop that), the short decline form posts to its heading.

type Result = SubmissionResult<string[]> | undefined;

function Checkbox({
  meta,
  label,
  autoFocus,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  autoFocus?: boolean;
}) {
  const error = meta.errors?.[0];
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          {...getInputProps(meta, { type: "checkbox", value: "on" })}
          key={meta.key}
          // biome-ignore lint/a11y/noAutofocus: only on the field whose error the page answers with
          autoFocus={autoFocus}
          className="mt-1 size-5 shrink-0 accent-steel"
        />
        <label htmlFor={meta.id} className="font-semibold text-navy">
          {label}
        </label>
      </div>
      {error ? (
        <p id={meta.errorId} className="mt-1.5 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Sent from a text box (Enter, a phone's Go key), the box would still have the focus when the answer takes the
 * form off the page; Chromium then fires its blur, and Conform's check on blur posted the vanished form as a
 * page. The focus leaves the box as the form is sent, while the form is still there.
 */
function leaveFieldsOnSubmit(onSubmit: (event: FormEvent<HTMLFormElement>) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    onSubmit(event);
    const focused = document.activeElement;
    if (!event.defaultPrevented && focused instanceof HTMLElement && event.currentTarget.contains(focused))
      focused.blur();
  };
}

export function AcceptForm({ result, busy, validUntil }: { result: Result; busy: boolean; validUntil: string }) {
  const [form, fields] = useDeskForm("accept", acceptSchema, result);
  const formProps = getFormProps(form);
  const problem = firstProblem(result, ["buyerName", "poNumber", "poToFollow", "deliveryAddress", "notes", "terms"]);
  return (
    <section aria-labelledby="accept-heading" className="mt-6 rounded-lg border border-slate-300 bg-white p-4 sm:p-6">
      <h2 id="accept-heading" className="text-xl font-bold text-navy">
        {text.acceptHeading}
      </h2>
      <p className="mt-1 text-slate-700">{text.acceptHint}</p>
      {form.errors?.length ? (
        <p role="alert" className="mt-3 font-semibold text-red-700">
          {form.errors[0]}
        </p>
      ) : null}
      <Form method="post" {...formProps} onSubmit={leaveFieldsOnSubmit(formProps.onSubmit)} className="mt-4 space-y-5">
        <input type="hidden" name="intent" value="accept" />
        <Field
          meta={fields.buyerName}
          label="Your name"
          kind="input"
          type="text"
          autoComplete="name"
          autoFocus={problem === "buyerName"}
        />
        <Field
          autoFocus={problem === "poNumber"}
          meta={fields.poNumber}
          label="Purchase order (PO) number"
          hint="Leave it empty and tick “PO to follow” if you do not have one yet."
          kind="input"
          type="text"
          autoComplete="off"
        />
        <Checkbox meta={fields.poToFollow} label="PO to follow" autoFocus={problem === "poToFollow"} />
        <Field
          meta={fields.deliveryAddress}
          autoFocus={problem === "deliveryAddress"}
          label="Delivery address"
          hint="If it is not the usual one."
          optional
          kind="textarea"
          rows={3}
        />
        <Field meta={fields.notes} label="Notes" optional kind="textarea" rows={3} autoFocus={problem === "notes"} />
        <Checkbox
          autoFocus={problem === "terms"}
          meta={fields.terms}
          label={`I accept this quotation, its prices (valid until ${validUntil}) and its payment and delivery terms.`}
        />
        <button type="submit" className={button({ variant: "primary" })} disabled={busy}>
          Accept the quotation
        </button>
      </Form>
    </section>
  );
}

export function DeclineForm({ result, busy }: { result: Result; busy: boolean }) {
  const [form, fields] = useDeskForm("decline", declineSchema, result);
  const options = Object.entries(declineReasonLabels).map(([value, label]) => ({ value, label }));
  return (
    <section aria-labelledby="decline-heading" className="mt-6 rounded-lg border border-slate-300 bg-white p-4 sm:p-6">
      <h2 id="decline-heading" className="text-xl font-bold text-navy">
        {text.declineHeading}
      </h2>
      <p className="mt-1 text-slate-700">{text.declineHint}</p>
      <Form method="post" action="#decline-heading" {...getFormProps(form)} className="mt-4 space-y-5">
        <input type="hidden" name="intent" value="decline" />
        <Field meta={fields.reason} label="Reason" kind="select" placeholder="Choose a reason" options={options} />
        <Field
          meta={fields.reasonText}
          label="In your words"
          hint={`Needed for “Other”; up to ${answerLimits.reason.toLocaleString("en-GB")} characters.`}
          optional
          kind="textarea"
          rows={3}
        />
        <button type="submit" className={button({ variant: "secondary" })} disabled={busy}>
          Decline the quotation
        </button>
      </Form>
    </section>
  );
}
