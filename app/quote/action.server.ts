import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { clientKey } from "#app/lib/client-key.server.ts";
import { clientAddressContext, servicesContext } from "#app/lib/context.ts";
import { errorSummary, getLogger } from "#app/lib/logger.server.ts";
import { parseSentForm } from "#app/lib/parse-form.ts";
import { type FileStorage, newStorageKey } from "#app/quote/file-storage.server.ts";
import { idempotencyKey } from "#app/quote/idempotency.server.ts";
import type { QuoteReply } from "#app/quote/notices.ts";
import { quoteFieldsWithLinesAndGuardsSchema } from "#app/quote/parts.ts";
import { type AttachmentRecord, storeQuote } from "#app/quote/save-quote.server.ts";
import { judgeSpam } from "#app/quote/spam.server.ts";
import { type QuoteForm, type ReceivedFile, readQuoteForm, UploadError } from "#app/quote/uploads.server.ts";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

type Kept = SubmissionResult<string[]> | undefined;

/** A refusal; `kept` (the values read) keeps the form's contents on a page sent without scripts. */
function rejected(status: number, message: string, headers?: HeadersInit, kept?: Kept) {
  return data<QuoteReply<Kept>>({ ok: false, kind: "rejected", message, result: kept }, { status, headers });
}

/** The values to show again, without a message about any of them: the refusal is the one message. */
function keep(submission: ReturnType<typeof readFields>): Kept {
  return submission && { initialValue: submission.reply().initialValue };
}

export async function quoteAction({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) {
    return rejected(415, "Please send the quote request from the form on this page.");
  }

  const services = context.get(servicesContext);
  // Counted before the body is read, so a client over its quota is refused before any of it is parsed. A
  // request refused before its photos are opened (re-encoding them is the expensive part) gives its count
  // back: a buyer is never locked out by forms we refused, and such a refusal costs us little.
  const quotaKey = `quote:${clientKey(context.get(clientAddressContext) ?? "unknown")}`;
  const limit = await services.rateLimiter.hit(quotaKey);
  if (!limit.allowed) {
    return rejected(
      429,
      `You have sent several quote requests in the last minute. Please wait ${limit.retryAfterSeconds} seconds and try again, or call us.`,
      { "Retry-After": String(limit.retryAfterSeconds) },
    );
  }
  const outcome = await receive(request, context);
  if (!outcome.counted) await services.rateLimiter.undo(quotaKey);
  return outcome.reply;
}

type Outcome = { reply: Awaited<ReturnType<typeof handleForm>>["reply"]; counted: boolean };

/** Reads the form and its files (each refused at its first bytes unless a photo or a PDF), then handles it. */
async function receive(request: Request, context: Readonly<RouterContextProvider>): Promise<Outcome> {
  let form: QuoteForm;
  try {
    form = await readQuoteForm(request, context.get(servicesContext).incomingDir);
  } catch (error) {
    if (error instanceof UploadError) {
      return {
        reply: rejected(
          error.status,
          error.message,
          undefined,
          error.fieldsSoFar && keep(readFields(error.fieldsSoFar)),
        ),
        counted: false,
      };
    }
    throw error;
  }
  try {
    return await handleForm(form, request, context);
  } finally {
    // Whatever was not moved into storage (a refusal, an error) goes now.
    await form.discard();
  }
}

/** Moves received files into storage; on any failure the ones already stored are removed again. */
async function storeFiles(storage: FileStorage, files: ReceivedFile[]) {
  const stored: AttachmentRecord[] = [];
  try {
    for (const file of files) {
      const storageKey = newStorageKey(file.extension);
      await storage.put(storageKey, file.localPath, file.contentType);
      const { fileName, contentType, size, width, height } = file;
      stored.push({ storageKey, fileName, contentType, size, width, height });
    }
    return stored;
  } catch (error) {
    await removeFiles(storage, stored);
    throw error;
  }
}

async function removeFiles(storage: FileStorage, records: AttachmentRecord[]) {
  // Best effort: anything left is an orphan the sweep removes.
  await Promise.allSettled(records.map((record) => storage.delete(record.storageKey)));
}

/** The form's fields checked, before any photo is opened; undefined for a post the form cannot have made. */
function readFields(formData: FormData) {
  try {
    return parseSentForm(formData, quoteFieldsWithLinesAndGuardsSchema);
  } catch {
    // Only a hand-made post goes beyond the form's bounds or carries an intent that cannot be read.
    return undefined;
  }
}

/** Photos are opened (and the request counted) only for a form whose fields are good. */
async function handleForm(form: QuoteForm, request: Request, context: Readonly<RouterContextProvider>) {
  const submission = readFields(form.formData);
  if (!submission) {
    return {
      reply: rejected(400, "We could not read that form. Please reload the page and try again."),
      counted: false,
    };
  }
  if (submission.status !== "success") {
    const result = submission.reply();
    return {
      reply: data<QuoteReply<typeof result>>({ ok: false, kind: "invalid", result }, { status: 422 }),
      counted: false,
    };
  }
  let files: ReceivedFile[];
  try {
    files = await form.open();
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    return { reply: rejected(error.status, error.message, undefined, keep(submission)), counted: true };
  }
  return { reply: await storeRequest(submission, files, request, context), counted: true };
}

async function storeRequest(
  submission: Extract<NonNullable<ReturnType<typeof readFields>>, { status: "success" }>,
  files: ReceivedFile[],
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const services = context.get(servicesContext);
  const clientAddress = context.get(clientAddressContext) ?? "unknown";

  const { formToken, website, lines, ...quote } = submission.value;
  const spam = judgeSpam({ honeypot: website, formToken, secret: services.formTokenSecret });
  let stored: Awaited<ReturnType<typeof storeQuote>>;
  let records: AttachmentRecord[] = [];
  try {
    records = await storeFiles(services.storage, files);
    stored = await storeQuote(
      services.database.db,
      quote,
      {
        idempotencyKey: idempotencyKey(formToken, quote, lines, files),
        spam: spam.held,
        spamReasons: spam.reasons,
        sourceIp: clientAddress,
        userAgent: request.headers.get("user-agent") ?? undefined,
        ipSalt: services.ipSalt,
        forward: Boolean(services.config.quoteForwardUrl),
        acknowledge: true,
      },
      { lines, attachments: records },
    );
  } catch (error) {
    await removeFiles(services.storage, records);
    // Database errors can quote the values they were given: only the error's kind reaches the log.
    getLogger().error({ error: errorSummary(error) }, "a quote request could not be stored");
    return rejected(
      503,
      "We could not save your request just now. Please try again in a minute, or call or e-mail us.",
      { "Retry-After": "60" },
      keep(submission),
    );
  }
  // A double submit keeps the first request's files; this copy's go.
  if (stored.duplicate) await removeFiles(services.storage, records);
  if (!spam.held && !stored.duplicate) services.outbox.kick();

  return data<QuoteReply<ReturnType<typeof submission.reply>>>({
    ok: true,
    reference: stored.reference,
    emergency: quote.urgency === "emergency",
    result: submission.reply({ resetForm: true }),
  });
}
