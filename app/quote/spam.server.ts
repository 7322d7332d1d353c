import { formTokenIssuedAt } from "#app/quote/form-token.server.ts";
import type { SpamReason } from "#db/schema.ts";

/** Faster than this from the form coming alive to sending it is rare for a person (but autofill can). */
export const MIN_FILL_MS = 3000;

/**
 * Why a request may be spam, and what each reason means for sales. Only the honeypot holds a request;
 * the others are weak: the request is still notified, flagged as possible spam (ADR 0009). No form time
 * is never a reason on its own: browsers without JavaScript send none.
 */
export const spamReasonText: Record<string, string> = {
  honeypot: "a hidden field that people never see was filled in",
  "fast-fill": "sent within 3 seconds of the form appearing (bots, but also browser autofill)",
  "no-form-time":
    "sent without the form's script running, so we cannot tell how long it took (bots, but also browsers without JavaScript)",
};

export type SpamVerdict = {
  /** Strong evidence: stored with status spam, not notified, listed in the daily digest. */
  held: boolean;
  reasons: SpamReason[];
};

export function judgeSpam(input: {
  honeypot: string | undefined;
  formToken: string;
  secret: string;
  now?: number;
}): SpamVerdict {
  const reasons: SpamReason[] = [];
  if (input.honeypot) reasons.push("honeypot");
  const issuedAt = formTokenIssuedAt(input.formToken, input.secret);
  if (issuedAt !== undefined && (input.now ?? Date.now()) - issuedAt < MIN_FILL_MS) reasons.push("fast-fill");
  // A buyer without JavaScript sends no signed token either: on its own that says nothing, beside
  // another signal it is one more thing to tell sales.
  if (issuedAt === undefined && reasons.length > 0) reasons.push("no-form-time");
  return { held: reasons.includes("honeypot"), reasons };
}

/** Subject flag for notifications of requests with weak signals. */
export const possibleSpamFlag = "[Possible spam]";
