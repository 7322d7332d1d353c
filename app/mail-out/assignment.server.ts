import type { SendMailOptions } from "nodemailer";
import type { Config } from "#app/lib/env.server.ts";
import { formatFullDateTime } from "#app/lib/london-time.ts";
import { headerText } from "#app/lib/mail-text.ts";
import { composeStaffEmail, type QuoteRecord } from "#app/mail-out/mail.server.ts";
import { urgencyLabel } from "#app/request/fields.ts";
import type { OutboxPayloads } from "#db/outbox-payloads.ts";

/** Enough of the buyer's words to know what the request is without opening it. */
const opening = { lines: 3, characters: 300 };

/** The first lines of what the buyer wrote, cut short with an ellipsis when there is more. */
export function firstLines(text: string) {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  let kept = lines.slice(0, opening.lines).join("\n");
  if (kept.length > opening.characters) kept = `${kept.slice(0, opening.characters).trimEnd()}…`;
  else if (lines.length > opening.lines) kept = `${kept}\n…`;
  return kept;
}

/**
 * Tells a member of staff that a colleague gave them a request, or took it from them: who the customer is,
 * how urgent it is and how it begins, so they can judge it from the e-mail, and the link to answer it in the desk.
 * Made when it is sent, from the request itself: the outbox keeps only the reference.
 */
export function composeAssignmentEmail(
  payload: OutboxPayloads["assignment"],
  quote: QuoteRecord,
  config: Pick<Config, "site" | "siteUrl">,
): SendMailOptions {
  const who = quote.company ? `${quote.customerName}, ${quote.company}` : quote.customerName;
  const urgent = quote.urgency === "standard" ? "" : `[${urgencyLabel(quote.urgency)}] `;
  const what = payload.took
    ? `${payload.byName} took the quote request ${quote.reference} from you; it is theirs now.`
    : `${payload.byName} assigned the quote request ${quote.reference} to you.`;
  const text = [
    what,
    "",
    `Customer:  ${quote.customerName}`,
    `Company:   ${quote.company ?? "Not given"}`,
    `Urgency:   ${urgencyLabel(quote.urgency)}`,
    `Received:  ${formatFullDateTime(quote.createdAt)}`,
    "",
    "It begins:",
    firstLines(quote.requirements),
    "",
    `Open it in the desk: ${config.siteUrl}/desk/quotes/${quote.reference}`,
    "",
  ].join("\n");
  const subject = payload.took
    ? `${payload.byName} took ${quote.reference} (${who}) from you`
    : `${urgent}${payload.byName} assigned ${quote.reference} (${who}) to you`;
  return composeStaffEmail({ to: payload.to, subject: headerText(subject), text, tag: "assigned" }, config);
}
