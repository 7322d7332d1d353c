import { stripBidiControls } from "#app/lib/text.ts";

/**
 * Makes text safe for a header on its own, whatever nodemailer does: a CR or LF could start a new
 * header (Bcc: …), other control characters have no business there either, and a direction control
 * would turn a subject or a file name around in the reader's mail client.
 */
export function headerText(value: string) {
  return stripBidiControls(value)
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** Text for an HTML e-mail body, where the buyer's words must never become markup. */
export function escapeHtml(value: string) {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}
