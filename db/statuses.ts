// A request's statuses, and the lists made of them, apart from the table so that pages can name them
// without the database library (db/schema.ts checks the column against them; app/request/status.ts moves
// a request between them).

/**
 * New → In progress → Quoted → (Accepted online →) Won / Lost, or Expired when a quotation's validity ends
 * unanswered, plus Spam (held, never notified until released). Accepted waits for a person to confirm the order.
 */
export const quoteStatuses = ["new", "in_progress", "quoted", "accepted", "won", "lost", "expired", "spam"] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];
/** Waiting on the desk: the inbox's "open", its response clock, and the emergencies pinned on top. */
export const openStatuses = ["new", "in_progress"] as const satisfies readonly QuoteStatus[];
/** Why a request was lost, for the month's figures (the buyer's own reasons, when they decline online, among them). */
export const lostReasons = ["price", "lead_time", "bought_elsewhere", "not_needed", "no_response", "other"] as const;
export type LostReason = (typeof lostReasons)[number];
