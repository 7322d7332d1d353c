import { headerText } from "#app/lib/mail-text.ts";
import { attachedFiles, extrasText, type QuoteExtrasRecord, type QuoteRecord } from "#app/mail-out/mail.server.ts";
import type { FileStorage } from "#app/quote/file-storage.server.ts";
import { requestFields } from "#app/request/fields.ts";

const forwardTimeoutMs = 10_000;

/** Reads a stored file whole: only for files within the 10 MB e-mail budget, one message at a time. */
export async function readStored(storage: FileStorage, key: string) {
  const stream = await storage.get(key);
  if (!stream) throw new Error("An attachment of this request is missing from storage");
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Posts the request to the external form service the way the original site's form did. */
export async function forwardQuote(
  url: string,
  quote: QuoteRecord,
  fetchImpl: typeof fetch = fetch,
  extras: QuoteExtrasRecord = {},
  options: { storage?: FileStorage; siteUrl?: string } = {},
) {
  const form = new FormData();
  // Under the names the form gave them; those the buyer left out are not sent.
  for (const { name } of requestFields) {
    const value = quote[name];
    if (value) form.set(name, value);
  }
  // The parts list and the files' names in the same words as the e-mail; files within the budget too.
  const summary = extrasText(quote.reference, extras, options.siteUrl);
  if (summary.length > 0) form.set("partsAndAttachments", summary.join("\n"));
  if (options.storage) {
    for (const file of attachedFiles(extras.attachments ?? [])) {
      const bytes = await readStored(options.storage, file.storageKey);
      form.append("attachment", new Blob([bytes], { type: file.contentType }), headerText(file.fileName));
    }
  }
  const response = await fetchImpl(url, {
    method: "POST",
    body: form,
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(forwardTimeoutMs),
  });
  // The service's answer means nothing to us, but an unread body would hold the connection open.
  await response.body?.cancel();
  if (!response.ok) throw new Error(`The form service answered HTTP ${response.status}`);
}
