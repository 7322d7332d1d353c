import { headerText } from "#app/lib/mail-text.ts";
import type { FileStorage } from "#app/quote/file-storage.server.ts";
import { attachedFiles, extrasText, type QuoteExtrasRecord, type QuoteRecord } from "#app/quote/mail.server.ts";

const forwardTimeoutMs = 10_000;

/** Reads a stored file whole: only for files within the 10 MB e-mail budget, one message at a time. */
export async function readStored(storage: FileStorage, key: string) {
  const stream = await storage.get(key);
  if (!stream) throw new Error("An attachment of this request is missing from storage");
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Posts the request to the external form service the way the original site did (spec §7). */
export async function forwardQuote(
  url: string,
  quote: QuoteRecord,
  fetchImpl: typeof fetch = fetch,
  extras: QuoteExtrasRecord = {},
  options: { storage?: FileStorage; siteUrl?: string } = {},
) {
  const form = new FormData();
  form.set("customerName", quote.customerName);
  form.set("email", quote.email);
  if (quote.company) form.set("company", quote.company);
  if (quote.phone) form.set("phone", quote.phone);
  if (quote.category) form.set("category", quote.category);
  form.set("requirements", quote.requirements);
  form.set("urgency", quote.urgency);
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
  // The body means nothing to us (spec §7), but an unread body would hold the connection open.
  await response.body?.cancel();
  if (!response.ok) throw new Error(`The form service answered HTTP ${response.status}`);
}
