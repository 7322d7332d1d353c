import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { CircleAlert, CircleCheck } from "lucide-react";
import { Field } from "#app/components/field.tsx";
import {
  emergencyNotice,
  quoteCategories,
  quoteFieldCopy,
  quoteNotices,
  urgencies,
} from "#app/content/quote-request.ts";
import { telHref } from "#app/content/site.ts";
import { useSite } from "#app/lib/root-data.ts";
import type { QuoteReply } from "#app/quote/notices.ts";

/** What became of the last send: the reference, or why it did not go (field problems show at the fields). */
export function QuoteOutcome({ reply }: { reply: QuoteReply<SubmissionResult<string[]>> | undefined }) {
  return (
    <>
      {reply?.ok ? (
        <div role="status" className="flex gap-3 rounded-lg border border-green-700 bg-green-50 p-4 text-green-900">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-bold">{quoteNotices.success.title}</p>
            {reply.emergency ? <EmergencyLine /> : null}
            <p>{quoteNotices.success.text}</p>
            <p className="mt-1">
              Your reference: <strong data-testid="quote-reference">{reply.reference}</strong>
            </p>
          </div>
        </div>
      ) : reply && reply.kind !== "invalid" ? (
        <div role="alert" className="flex gap-3 rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-bold">{quoteNotices.failure.title}</p>
            <p>{reply.message ?? quoteNotices.failure.text}</p>
          </div>
        </div>
      ) : null}
    </>
  );
}

/** An emergency cannot wait for a written reply: the number to phone now, as a link a phone dials. */
function EmergencyLine() {
  const site = useSite();
  return (
    <p className="font-semibold" data-testid="quote-emergency">
      {emergencyNotice.before}
      <a href={telHref(site)} className="underline underline-offset-2">
        {site.phoneDisplay}
      </a>
      {emergencyNotice.after}
    </p>
  );
}

/** The form token the server signed, and a field only robots fill in. */
export function SpamGuards({ token }: { token: string }) {
  return (
    <>
      <input type="hidden" name="formToken" value={token} />
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}

type ContactField = "customerName" | "email" | "company" | "phone" | "category" | "urgency" | "requirements";

/** Who is asking and for what; `problem` names the field that takes the focus on a page answered with errors. */
export function ContactFields({
  fields,
  problem,
}: {
  fields: Record<ContactField, FieldMetadata<string | number | undefined>>;
  problem: string | undefined;
}) {
  return (
    <>
      <Field
        meta={fields.customerName}
        autoFocus={problem === fields.customerName.name}
        label={quoteFieldCopy.customerName.label}
        kind="input"
        type="text"
        autoComplete="name"
      />
      <Field
        meta={fields.email}
        autoFocus={problem === fields.email.name}
        label={quoteFieldCopy.email.label}
        kind="input"
        type="email"
        autoComplete="email"
      />
      <Field
        meta={fields.company}
        autoFocus={problem === fields.company.name}
        label={quoteFieldCopy.company.label}
        optional
        kind="input"
        type="text"
        autoComplete="organization"
      />
      <Field
        meta={fields.phone}
        autoFocus={problem === fields.phone.name}
        label={quoteFieldCopy.phone.label}
        optional
        kind="input"
        type="tel"
        autoComplete="tel"
      />
      <Field
        meta={fields.category}
        autoFocus={problem === fields.category.name}
        label={quoteFieldCopy.category.label}
        optional
        kind="select"
        options={quoteCategories}
        placeholder={quoteFieldCopy.category.placeholder}
      />
      <Field
        meta={fields.urgency}
        autoFocus={problem === fields.urgency.name}
        label={quoteFieldCopy.urgency.label}
        kind="select"
        options={urgencies}
      />
      <Field
        meta={fields.requirements}
        autoFocus={problem === fields.requirements.name}
        label={quoteFieldCopy.requirements.label}
        hint={quoteFieldCopy.requirements.hint}
        kind="textarea"
        rows={6}
        className="sm:col-span-2"
      />
    </>
  );
}
