import crypto from "node:crypto";
import type { PartsLine } from "#app/quote/parts.ts";
import type { QuoteInput } from "#app/quote/schema.ts";
import { STATIC_FORM_TOKEN } from "#app/quote/use-form-token.ts";
import { requestFields } from "#app/request/fields.ts";

/**
 * One submission is one key: the same form token with the same content (every field of the request, the
 * parts list and the files) is stored once; two that differ in anything are two requests.
 */
export function idempotencyKey(
  token: string,
  quote: QuoteInput,
  lines: PartsLine[],
  files: { sha256: string }[],
  now = new Date(),
) {
  const extras = lines.length > 0 || files.length > 0 ? [lines, files.map((file) => file.sha256)] : [];
  const content = JSON.stringify([...requestFields.map(({ name }) => quote[name] ?? ""), ...extras]);
  // Without a token of its own (none, or the prerendered page's, which is everyone's: a page without scripts
  // never gets one) only the same content on the same day counts as the same submission; the same request
  // sent again another day is a new one.
  const ownToken = token && token !== STATIC_FORM_TOKEN;
  const submission = ownToken ? token : `${token || "no-token"}:${now.toISOString().slice(0, 10)}`;
  return crypto.createHash("sha256").update(submission).update("\0").update(content).digest("hex");
}
