import { type LostReason, openStatuses, type QuoteStatus, quoteStatuses } from "#db/statuses.ts";

export const statusLabels: Record<QuoteStatus, string> = {
  new: "New",
  in_progress: "In progress",
  quoted: "Quoted",
  accepted: "Accepted",
  won: "Won",
  lost: "Lost",
  expired: "Expired",
  spam: "Spam",
};

export const lostReasonLabels: Record<LostReason, string> = {
  price: "Price",
  lead_time: "Lead time",
  bought_elsewhere: "Bought elsewhere",
  not_needed: "No longer needed",
  no_response: "No response from the buyer",
  other: "Other",
};

/**
 * Decided: the figures keep when, a sale its value, a loss its reason; leaving them forgets all three. Expired
 * is a quotation whose validity ended unanswered: closed, counted against the win rate like a loss.
 */
export const closedStatuses = ["won", "lost", "expired"] as const satisfies readonly QuoteStatus[];

export const isOpen = (status: QuoteStatus) => (openStatuses as readonly QuoteStatus[]).includes(status);
export const isClosed = (status: QuoteStatus) => (closedStatuses as readonly QuoteStatus[]).includes(status);

/** What moves a request from one status to another. */
export type MoveCause =
  /** Staff choosing a status on the request's page. */
  | "staff"
  /** Staff's "Not spam", which also sends the notification it never had. */
  | "not spam"
  /** A reply to the buyer, sent or recorded. */
  | "reply"
  /** A quotation sent. */
  | "quotation"
  /** The buyer's own e-mail (not an automatic one, nor one its receiving server could not vouch for). */
  | "buyer"
  /** The buyer accepting or declining a quotation on its page online. */
  | "buyer online"
  /** The server's sweep: a quotation's validity ended with no answer from the buyer. */
  | "expiry";

type Transition = { by: MoveCause; from: readonly QuoteStatus[]; to: readonly QuoteStatus[] };

const notSpam = quoteStatuses.filter((status) => status !== "spam");

/**
 * Every move a request can make, and what makes it; any other is refused. A new status is a new row (and
 * its place in the rows that reach it).
 */
export const transitions: readonly Transition[] = [
  // Out of spam only through "Not spam", which notifies.
  { by: "staff", from: notSpam, to: quoteStatuses },
  { by: "not spam", from: ["spam"], to: ["new"] },
  { by: "reply", from: ["new"], to: ["in_progress"] },
  // A new revision re-issues an expired quotation.
  { by: "quotation", from: [...openStatuses, "expired"], to: ["quoted"] },
  // The buyer answering a quotation, or a lost or expired request, puts the ball back with the desk; a sale won stays won.
  { by: "buyer", from: ["quoted", "lost", "expired"], to: ["in_progress"] },
  // Accepted online waits for a person to confirm the order (staff: Won) or query it (staff: In progress).
  { by: "buyer online", from: ["in_progress", "quoted"], to: ["accepted", "lost"] },
  { by: "expiry", from: ["quoted"], to: ["expired"] },
];

/** Whether `by` may move a request from `from` to `to` (a move to where it is already is none). */
export function canMove(from: QuoteStatus, to: QuoteStatus, by: MoveCause) {
  return from !== to && transitions.some((row) => row.by === by && row.from.includes(from) && row.to.includes(to));
}
