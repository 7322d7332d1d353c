import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { CircleAlert, CircleCheck, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { Field } from "../components/field";
import { type Notice, Notices } from "../components/notice";
import { type QuoteReply, quoteNotices } from "./notices";
import { dropEmptyFields, parseForm, requiredFields } from "./parse";
import { quoteCategories, quoteSchema, urgencies } from "./schema";
import { useFormToken } from "./use-form-token";

type Reply = QuoteReply<SubmissionResult<string[]>>;

const QUOTE_ACTION = "/?index";

export default function QuoteForm() {
  const fetcher = useFetcher<Reply>({ key: "quote" });
  const documentReply = useActionData<Reply>();
  const reply = fetcher.data ?? documentReply;
  const submitting = fetcher.state !== "idle";
  const [token, renewToken] = useFormToken();
  const [notice, setNotice] = useState<Notice>();
  const statusRef = useRef<HTMLDivElement>(null);

  const [form, fields] = useForm({
    id: "quote-form",
    lastResult: reply?.result,
    constraint: requiredFields(quoteSchema),
    defaultValue: { urgency: "standard" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, quoteSchema),
    onSubmit(event, { formData }) {
      event.preventDefault();
      fetcher.submit(dropEmptyFields(formData), { method: "post", action: QUOTE_ACTION });
    },
  });

  useEffect(() => {
    if (!fetcher.data) return;
    const { success, failure } = quoteNotices;
    const ok = fetcher.data.ok;
    setNotice({
      id: Date.now(),
      variant: ok ? "default" : "destructive",
      title: ok ? success.title : failure.title,
      text: ok ? success.text : failure.text,
    });
    if (ok) renewToken();
    if (ok || fetcher.data.kind === "rejected") statusRef.current?.focus();
  }, [fetcher.data, renewToken]);

  return (
    <>
      <fetcher.Form method="post" action={QUOTE_ACTION} {...getFormProps(form)}>
        <div ref={statusRef} tabIndex={-1} className="outline-none not-empty:mb-5">
          {reply?.ok ? (
            <div role="status" className="flex gap-3 rounded-lg border border-green-700 bg-green-50 p-4 text-green-900">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <div>
                <p className="font-bold">{quoteNotices.success.title}</p>
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
        </div>
        <input type="hidden" name="formToken" value={token} />
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            Leave this field empty
            <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <fieldset disabled={submitting} className="grid gap-5 sm:grid-cols-2">
          <legend className="sr-only">Your quote request</legend>
          <Field meta={fields.customerName} label="Name" kind="input" type="text" autoComplete="name" />
          <Field meta={fields.email} label="E-mail" kind="input" type="email" autoComplete="email" />
          <Field meta={fields.company} label="Company" optional kind="input" type="text" autoComplete="organization" />
          <Field meta={fields.phone} label="Phone" optional kind="input" type="tel" autoComplete="tel" />
          <Field
            meta={fields.category}
            label="Product category"
            optional
            kind="select"
            options={quoteCategories}
            placeholder="Select a category"
          />
          <Field meta={fields.urgency} label="Urgency" kind="select" options={urgencies} />
          <Field
            meta={fields.requirements}
            label="Requirements"
            hint="Part numbers, sizes, brands and quantities help us quote quickly."
            kind="textarea"
            rows={6}
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <button type="submit" className="btn btn-primary w-full text-lg sm:w-auto disabled:opacity-70">
              <Send aria-hidden="true" className="size-5" />
              {submitting ? "Submitting..." : "Submit Quote Request"}
            </button>
          </div>
        </fieldset>
      </fetcher.Form>
      <Notices notice={notice} onClose={() => setNotice(undefined)} />
    </>
  );
}
