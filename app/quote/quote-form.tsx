import { type FormMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Send } from "lucide-react";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useActionData, useFetcher, useLocation } from "react-router";
import { button } from "#app/components/button.ts";
import { type Notice, Notices } from "#app/components/notice.tsx";
import { emergencyNotice, quoteNotices } from "#app/content/quote-request.ts";
import { dropEmptyFields, firstProblem, parseForm, requiredFields } from "#app/lib/parse-form.ts";
import { useSite } from "#app/lib/root-data.ts";
import { AttachmentPicker, type PickedFile } from "#app/quote/attachment-picker.tsx";
import { attachmentField } from "#app/quote/attachments.ts";
import type { QuoteReply } from "#app/quote/notices.ts";
import { quoteFieldsWithLinesSchema } from "#app/quote/parts.ts";
import { PartsList } from "#app/quote/parts-list.tsx";
import { readQuotePrefill } from "#app/quote/prefill.ts";
import { ContactFields, QuoteOutcome, SpamGuards } from "#app/quote/quote-form-sections.tsx";
import { quoteFieldsSchema } from "#app/quote/schema.ts";
import { sendWithProgress } from "#app/quote/send.ts";
import { forgetDraft, useDraft } from "#app/quote/use-draft.ts";
import { useFormToken } from "#app/quote/use-form-token.ts";

type Reply = QuoteReply<SubmissionResult<string[]>>;
type AnyForm = Record<string, unknown>;

const QUOTE_ACTION = "/?index";
/** The form's fields in the order a buyer meets them: the first with a problem takes the focus. */
const fieldOrder = ["customerName", "email", "company", "phone", "category", "urgency", "requirements"];
/** Conform's name for the buttons that add and remove lines (INTENT in @conform-to/dom). */
const intentField = "__intent__";

/** Lines left blank are not sent, so a request without a parts list leaves the browser as it always did. */
function dropBlankLines(formData: FormData) {
  const blank = new Set<string>();
  for (const [name] of formData) {
    const line = /^lines\[(\d+)\]\./.exec(name)?.[1];
    if (line === undefined) continue;
    const part = String(formData.get(`lines[${line}].part`) ?? "").trim();
    const brand = String(formData.get(`lines[${line}].brand`) ?? "").trim();
    const quantity = String(formData.get(`lines[${line}].quantity`) ?? "").trim();
    if (!part && !brand && (quantity === "" || quantity === "1")) blank.add(line);
  }
  for (const line of blank)
    for (const field of ["part", "quantity", "brand"]) formData.delete(`lines[${line}].${field}`);
  return formData;
}

/** Files follow the text fields in the body, in order: each file's share of what has gone. */
function withProgress(files: PickedFile[], loaded: number) {
  let offset = 0;
  return files.map((picked) => {
    const progress = Math.min(1, Math.max(0, (loaded - offset) / picked.file.size));
    offset += picked.file.size;
    return { ...picked, progress };
  });
}

/** A link such as /?part=6205-2RS&category=bearings#quote starts the request (the page itself is prerendered). */
function usePrefill(form: { update: FormMetadata<AnyForm, string[]>["update"] }, categoryName: string) {
  const { search } = useLocation();
  useEffect(() => {
    const { part, category } = readQuotePrefill(search);
    if (part) form.update({ name: "lines[0].part", value: part });
    if (category) form.update({ name: categoryName, value: category });
  }, [search, form.update, categoryName]);
}

/** With scripts running, list and validation intents never leave the browser. A field replaced by a
 * pasted list blurs while React commits, and the intent it sends then never reaches React's handler. */
function useKeepListIntents(formId: string) {
  useEffect(() => {
    const element = document.getElementById(formId);
    const keepIntents = (event: SubmitEvent) => {
      if (event.submitter?.getAttribute("name") === intentField) event.preventDefault();
    };
    element?.addEventListener("submit", keepIntents);
    return () => element?.removeEventListener("submit", keepIntents);
  }, [formId]);
}

/** Each answer gets a new notice (a new key restarts its 5000 ms), even two within one millisecond; a success
 * clears the form for the next request, and an outcome shown above the form takes the focus. */
function useAnswerNotice(answer: Reply | undefined, onSuccess: () => void, statusRef: RefObject<HTMLElement | null>) {
  const [current, setNotice] = useState<Notice>();
  const phone = useSite().phoneDisplay;
  useEffect(() => {
    if (!answer) return;
    const { success, failure } = quoteNotices;
    setNotice((previous) => ({
      id: (previous?.id ?? 0) + 1,
      variant: answer.ok ? "default" : "destructive",
      title: answer.ok ? success.title : failure.title,
      text: !answer.ok
        ? failure.text
        : answer.emergency
          ? `${emergencyNotice.before}${phone}${emergencyNotice.after} ${success.text}`
          : success.text,
    }));
    if (answer.ok) onSuccess();
    if (answer.ok || answer.kind === "rejected") statusRef.current?.focus();
  }, [answer, onSuccess, statusRef, phone]);
  return { current, close: () => setNotice(undefined) };
}

export default function QuoteForm() {
  const fetcher = useFetcher<Reply>({ key: "quote" });
  const documentReply = useActionData<Reply>();
  const [sent, setSent] = useState<Reply>();
  const reply = sent ?? documentReply;
  const refused = !sent && documentReply && !documentReply.ok && documentReply.kind === "invalid";
  const problem = refused
    ? firstProblem(documentReply.result, fieldOrder, (name) => name.startsWith("lines["))
    : undefined;
  const [uploading, setUploading] = useState(false);
  const submitting = fetcher.state !== "idle" || uploading;
  const [token, renewToken] = useFormToken();
  const [files, setFiles] = useState<PickedFile[]>([]);
  const statusRef = useRef<HTMLDivElement>(null);

  const [form, fields] = useForm({
    id: "quote-form",
    lastResult: reply?.result,
    constraint: requiredFields(quoteFieldsSchema),
    // Every field named, so a reset after a success returns each select to its first option.
    defaultValue: { category: "", urgency: "standard", lines: [{ quantity: "1" }] },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, quoteFieldsWithLinesSchema),
    onSubmit(event, { formData }) {
      event.preventDefault();
      const body = dropBlankLines(dropEmptyFields(formData));
      if (files.length === 0) {
        fetcher.submit(body, { method: "post", action: QUOTE_ACTION });
        return;
      }
      for (const picked of files) body.append(attachmentField, picked.file, picked.file.name);
      setUploading(true);
      sendWithProgress(body, (loaded) => setFiles((current) => withProgress(current, loaded)))
        .then((answer) => setSent(answer as Reply))
        .finally(() => setUploading(false));
    },
  });

  useDraft(form);
  usePrefill(form, fields.category.name);

  useEffect(() => {
    if (fetcher.data) setSent(fetcher.data);
  }, [fetcher.data]);

  // Stable (the token's renewal and the state setter are), so each answer shows its notice once.
  const clearForNext = useCallback(() => {
    renewToken();
    setFiles([]);
    forgetDraft();
  }, [renewToken]);
  const notice = useAnswerNotice(sent, clearForNext, statusRef);

  useKeepListIntents(form.id);

  return (
    <>
      <fetcher.Form method="post" action={QUOTE_ACTION} encType="multipart/form-data" {...getFormProps(form)}>
        {/* The default button (the first submit button): Enter in a field sends the request, never the
            parts list's Add or Remove. */}
        <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
          Submit Quote Request
        </button>
        <OutcomeSpot
          ref={statusRef}
          reply={reply}
          answersPost={Boolean(documentReply)}
          autoFocus={Boolean(documentReply && !sent && !problem)}
        />
        <SpamGuards token={token} />
        <fieldset disabled={submitting} className="grid min-w-0 gap-5 sm:grid-cols-2">
          <legend className="sr-only">Your quote request</legend>
          <ContactFields fields={fields} problem={problem} />
          <PartsList form={form} lines={fields.lines} problem={problem} />
          <AttachmentPicker files={files} onChange={setFiles} disabled={submitting} />
          <div className="sm:col-span-2">
            <button type="submit" className={button({ size: "lg", className: "w-full sm:w-auto disabled:opacity-70" })}>
              <Send aria-hidden="true" className="size-5" />
              {submitting ? "Submitting..." : "Submit Quote Request"}
            </button>
          </div>
        </fieldset>
      </fetcher.Form>
      <Notices notice={notice.current} onClose={notice.close} />
    </>
  );
}

/**
 * Where the request's outcome shows. A plain HTML post (no scripts yet, or none at all) is answered by a whole
 * page, which would open at its top far above the form: the outcome, or the first problem, takes the focus and
 * the screen. The browser scrolls what takes the focus to the middle of the screen, which needs the page below
 * it: that page is shown only once the footer has been parsed (React places the link in the head).
 */
function OutcomeSpot({
  ref,
  reply,
  answersPost,
  autoFocus,
}: {
  ref: RefObject<HTMLDivElement | null>;
  reply: Reply | undefined;
  answersPost: boolean;
  autoFocus: boolean;
}) {
  return (
    <>
      {answersPost ? <link rel="expect" href="#site-footer" blocking="render" /> : null}
      <div
        ref={ref}
        tabIndex={-1}
        // biome-ignore lint/a11y/noAutofocus: only on the page that answers a plain HTML post
        autoFocus={autoFocus}
        data-document-reply={answersPost ? "" : undefined}
        className="scroll-mt-4 outline-none not-empty:mb-5"
      >
        <QuoteOutcome reply={reply} />
      </div>
    </>
  );
}
