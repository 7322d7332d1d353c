import crypto from "node:crypto";
import type { PartsLine } from "#app/quote/parts.ts";
import type { QuoteInput } from "#app/quote/schema.ts";
import { requestFields } from "#app/request/fields.ts";

/**
 * One submission is one key: the same form token with the same content (every field of the request, the
 * parts list and the files) is stored once; two that differ in anything are two requests.
 */
export function idempotencyKey(token: string, quote: QuoteInput, lines: PartsLine[], files: { sha256: string }[]) {
  const extras = lines.length > 0 || files.length > 0 ? [lines, files.map((file) => file.sha256)] : [];
  const content = JSON.stringify([...requestFields.map(({ name }) => quote[name] ?? ""), ...extras]);
  // Without a token only the same content on the same day counts as the same submission.
  const submission = token || `no-token:${new Date().toISOString().slice(0, 10)}`;
  return crypto.createHash("sha256").update(submission).update("\0").update(content).digest("hex");
}
