import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Form tokens: `<issued at, base36 ms>.<random>.<HMAC>`, signed with the install's secret (settings
 * table). The home page is prerendered and identical for everyone, so the form fetches a fresh token
 * from FORM_TOKEN_PATH when it comes alive; the fill time is measured from the moment we signed it,
 * never from a number the browser sends. The random part keeps every token, and so every form, unique.
 * The endpoint is FORM_TOKEN_PATH (use-form-token.ts).
 */
const macLength = 22;

function mac(secret: string, body: string) {
  return createHmac("sha256", secret).update(body).digest("base64url").slice(0, macLength);
}

export function issueFormToken(secret: string, now = Date.now()) {
  const body = `${now.toString(36)}.${randomBytes(12).toString("base64url")}`;
  return `${body}.${mac(secret, body)}`;
}

/** When the token was issued, if we signed it; undefined for anything else (including the no-script stand-in). */
export function formTokenIssuedAt(token: string, secret: string): number | undefined {
  const parts = token.split(".");
  if (parts.length !== 3) return undefined;
  const [issued, nonce, signature] = parts as [string, string, string];
  const expected = Buffer.from(mac(secret, `${issued}.${nonce}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const issuedAt = Number.parseInt(issued, 36);
  return Number.isSafeInteger(issuedAt) ? issuedAt : undefined;
}
