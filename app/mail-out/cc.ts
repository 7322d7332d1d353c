import { quoteFieldsSchema } from "#app/quote/schema.ts";

/** A reply or a quotation is copied to at most this many people. */
export const maxCc = 5;

export type CcReading = { ok: true; cc: string[] } | { ok: false; message: string };

/**
 * The Cc box as typed: addresses separated by commas (or semicolons, as Outlook writes them), each held to
 * the quote form's e-mail rule, at most five, each once, in lower case as mail-in compares senders.
 */
export function readCc(typed: string | undefined): CcReading {
  const parts = (typed ?? "")
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const cc: string[] = [];
  for (const part of parts) {
    const address = quoteFieldsSchema.shape.email.safeParse(part);
    if (!address.success || /[\s<>"]/.test(part))
      return { ok: false, message: `“${part.slice(0, 60)}” is not an e-mail address: write name@company.co.uk` };
    const lower = address.data.toLowerCase();
    if (!cc.includes(lower)) cc.push(lower);
  }
  if (cc.length > maxCc) return { ok: false, message: `Copy it to at most ${maxCc} addresses` };
  return { ok: true, cc };
}
