import { partsAndFiles } from "#app/content/counts.ts";
import { formatPence } from "#app/quotation/money.ts";
import { isOpen, lostReasonLabels, statusLabels } from "#app/request/status.ts";
import type { OutboxKind } from "#db/outbox-payloads.ts";
import { type LostReason, type QuoteStatus, quoteStatuses } from "#db/statuses.ts";

/**
 * "all" is every request but spam (which has its own folder); "open" is New and In progress; "waiting" is
 * waiting on us (the buyer wrote last, or accepted online); "chase" is quoted requests whose next contact
 * with the buyer is due today or overdue.
 */
export const statusFilters = ["all", "open", "waiting", "chase", ...quoteStatuses] as const;
export type StatusFilter = (typeof statusFilters)[number];

/** Why a request was held or flagged, in words; unknown reasons are shown as they are. */
export const spamReasonLabels: Record<string, string> = {
  honeypot: "A hidden field only robots see was filled in",
  "fast-fill": "The form was sent faster than a person can type it",
  "no-form-time": "The form did not say when it was opened",
  staff: "Marked as spam by staff",
};

export const spamReasonLabel = (reason: string) => spamReasonLabels[reason] ?? reason;

export const roleLabels = { admin: "Admin", staff: "Staff" } as const;

/** Every kind the outbox sends, named (a new kind without a name here does not compile). */
export const notificationKindLabels: Record<OutboxKind, string> = {
  email: "E-mail to the sales inbox",
  forward: "Copy to the external form service",
  message: "E-mail to staff",
  acknowledgement: "Acknowledgement to the buyer",
  quotation: "Quotation to the buyer",
  reply: "Reply to the buyer",
  acceptance: "Confirmation of the buyer's acceptance",
  "acceptance-notice": "Acceptance online, to the owner",
  "decline-notice": "Decline online, to the owner",
  assignment: "E-mail to staff: who has it",
  "buyer-answer-notice": "The buyer's answer, to the owner",
  chaser: "Chaser to the buyer",
  "order-confirmation": "Order confirmation to the buyer",
};

/** "45 min", "3 h 20 min", "2 days 4 h". */
export function formatDuration(seconds: number) {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} days` : `${days} days ${hours % 24} h`;
}

/** The response promise: amber after 4 hours without a reply, red once the 24-hour promise is broken. */
export const clockThresholds = { amberHours: 4, redHours: 24 } as const;

export type ClockState = "ok" | "amber" | "red" | "replied" | "closed";

export function responseClock(
  quote: { createdAt: Date | string; firstReplyAt: Date | string | null; status: QuoteStatus },
  now: Date,
): { state: ClockState; seconds: number } {
  const created = new Date(quote.createdAt).getTime();
  if (quote.firstReplyAt)
    return { state: "replied", seconds: (new Date(quote.firstReplyAt).getTime() - created) / 1000 };
  const seconds = (now.getTime() - created) / 1000;
  if (!isOpen(quote.status)) return { state: "closed", seconds };
  const hours = seconds / 3600;
  return {
    state: hours >= clockThresholds.redHours ? "red" : hours >= clockThresholds.amberHours ? "amber" : "ok",
    seconds,
  };
}

/** A timeline entry in words, after the name of who did it. */
export function eventText(event: { kind: string; detail: Record<string, unknown> }) {
  const d = event.detail;
  switch (event.kind) {
    case "status": {
      const outcome =
        typeof d.lostReason === "string"
          ? ` (${lostReasonLabels[d.lostReason as LostReason] ?? d.lostReason})`
          : typeof d.wonValuePence === "number"
            ? ` (${formatPence(d.wonValuePence)} net${typeof d.poNumber === "string" ? `, PO ${d.poNumber}` : ""})`
            : "";
      return `changed the status from ${statusLabels[d.from as QuoteStatus] ?? d.from} to ${statusLabels[d.to as QuoteStatus] ?? d.to}${outcome}`;
    }
    case "note":
      return "added a note";
    case "reply": {
      const first = d.first
        ? ` (the first reply${typeof d.seconds === "number" ? `, ${formatDuration(d.seconds)} after it arrived` : ""})`
        : "";
      return `${d.channel === "email" ? "replied by e-mail" : "phoned the customer"}${first}`;
    }
    case "released":
      return Array.isArray(d.queued) && d.queued.length > 0
        ? "marked it as not spam; the notification was released"
        : "marked it as not spam";
    case "retry":
      return "asked for the notification to be sent again";
    case "assign":
      if (!d.toName) return "left it without an owner";
      if (!d.self) return `assigned it to ${d.toName}`;
      return typeof d.fromName === "string" ? `took it from ${d.fromName}` : "took it on";
    case "reply-sent":
      return `sent a reply by e-mail: “${d.subject}”`;
    case "chaser-sent":
      return `sent a chaser about quotation ${d.revision} by e-mail: “${d.subject}”; next contact ${d.until}`;
    case "repeat-of":
      return `opened this request to quote ${d.reference} again`;
    case "quoted-again":
      return `quoted it again as ${d.reference}`;
    case "snoozed":
      return `put off chasing the buyer until ${d.until}`;
    case "expired":
      return `ended quotation ${d.revision} unanswered at the end of its validity (${d.validUntil}): the request is Expired`;
    case "quotation":
      return `sent quotation ${d.revision}${typeof d.grossPence === "number" ? ` (${formatPence(d.grossPence)} including VAT)` : ""}`;
    case "merged-in":
      return `merged ${d.reference} into this request${typeof d.lines === "number" && typeof d.files === "number" ? ` (${partsAndFiles(d.lines, d.files)})` : ""}`;
    case "merged-into":
      return `merged this request into ${d.reference}`;
    case "accepted-online":
      return `accepted quotation ${d.revision} online (${typeof d.poNumber === "string" ? `PO ${d.poNumber}` : "PO to follow"})`;
    case "declined-online":
      return `declined quotation ${d.revision} online (${lostReasonLabels[d.reason as LostReason] ?? d.reason}${typeof d.text === "string" ? `: “${d.text}”` : ""})`;
    case "mail-joined":
      return "joined an e-mail to this request by hand";
    default:
      return event.kind;
  }
}
