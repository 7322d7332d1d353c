import { plainLineEnds, stripBidiControls } from "#app/lib/text.ts";

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

/** The domain of the sales address: our Message-IDs and the notices' sender are made at it. */
export const mailDomain = (salesAddress: string) => salesAddress.split("@")[1] ?? "localhost";

/** The address the website's own notices to staff come from, at the sales address's domain. */
export const noticeAddress = (salesAddress: string) => `no-reply@${mailDomain(salesAddress)}`;

/**
 * Who the website's notices to staff are from, and how they are marked. They arrive in the mailbox the desk
 * reads, so they come from the no-reply address, which the reader passes over, and are marked as automatic
 * (RFC 3834), so no robot answers them and nothing takes them for a buyer's words.
 */
export function websiteNotice(site: { name: string; email: string }) {
  return {
    from: { name: headerText(`${site.name} Website`), address: noticeAddress(site.email) },
    headers: { "Auto-Submitted": "auto-generated" },
  };
}

/** Text for an HTML e-mail body, where the buyer's words must never become markup. */
export function escapeHtml(value: string) {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

/**
 * A sign-off: a message's last paragraph when it is one short line ending in a comma ("Kind regards,",
 * "Many thanks,"). The name under it comes from the signature, so nothing may come between the two.
 */
const signOffLine = /^[^\n,]{1,40},$/;

/**
 * Adds a paragraph at the end of a message, above its sign-off if it has one: a link added after
 * "Kind regards," would sit between the greeting and the sender's name.
 */
export function addBeforeSignOff(message: string, paragraph: string) {
  const { paragraphs, signOff } = splitSignOff(message);
  return [...paragraphs, paragraph, ...(signOff ? [signOff] : [])].join("\n\n");
}

/** Whether a message ends with a sign-off, which the sender's name then follows on the next line. */
export function endsWithSignOff(message: string) {
  return splitSignOff(message).signOff !== undefined;
}

/** A message's paragraphs, with its sign-off apart when it has one (never its only paragraph). */
function splitSignOff(message: string) {
  // A message typed in a browser's text box arrives with CRLF line ends.
  const paragraphs = plainLineEnds(message)
    .trimEnd()
    .split(/\n[ \t]*\n/);
  const last = paragraphs.at(-1)?.trim() ?? "";
  if (paragraphs.length > 1 && signOffLine.test(last)) return { paragraphs: paragraphs.slice(0, -1), signOff: last };
  return { paragraphs, signOff: undefined };
}
