import { z } from "zod";

// What the outbox holds (db/schema.ts `outbox`): the kinds of message it sends and what each carries. The
// kinds are the database's allowed list and the outbox worker's table (app/mail-out/kinds.server.ts) alike.

export const outboxKinds = [
  "email",
  "forward",
  "message",
  "acknowledgement",
  "quotation",
  "reply",
  "acceptance",
  "acceptance-notice",
  "decline-notice",
  "assignment",
  "buyer-answer-notice",
  "chaser",
  "order-confirmation",
] as const;
export type OutboxKind = (typeof outboxKinds)[number];

/** A finished e-mail to staff (invitation, password reset, assignment, digest). */
export type OutboxMessage = { to: string; subject: string; text: string; html?: string; tag: string };

/**
 * A request's messages carry only its reference (and which reply or quotation): the quote row stays the
 * single copy of the buyer's personal data. `email` tells sales, `forward` posts to the external form
 * service, `acknowledgement` tells the buyer their request arrived, `message` is a finished e-mail to staff.
 * A quotation answered online: `acceptance` confirms it to the buyer, `acceptance-notice` and
 * `decline-notice` tell the request's owner (or sales); each names the stored answer. `assignment` tells a
 * member of staff (their desk address) that a colleague gave them the request, or took it from them.
 * `order-confirmation` tells the buyer that the desk confirmed the order they accepted online (the order's value
 * and PO as the request keeps them), signed by the person who confirmed it.
 */
export type OutboxPayloads = {
  email: { reference: string };
  forward: { reference: string };
  message: OutboxMessage;
  acknowledgement: { reference: string };
  quotation: { reference: string; quotationId: number };
  reply: { reference: string; replyId: number };
  acceptance: { reference: string; responseId: number };
  "acceptance-notice": { reference: string; responseId: number };
  "decline-notice": { reference: string; responseId: number };
  assignment: { reference: string; to: string; byName: string; took: boolean };
  /** The buyer answered by e-mail: the request's owner is told (the e-mail named by its quote_messages id). */
  "buyer-answer-notice": { reference: string; messageId: number };
  /** A chaser to the buyer (kept as a reply), with a fresh link to the revision it chases. */
  chaser: { reference: string; replyId: number; quotationId: number };
  "order-confirmation": { reference: string; responseId: number; byName: string };
};
export type OutboxPayload = OutboxPayloads[OutboxKind];

const forRequest = z.object({ reference: z.string() });
const payloads: { [K in OutboxKind]: z.ZodType<OutboxPayloads[K]> } = {
  email: forRequest,
  forward: forRequest,
  message: z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().optional(),
    tag: z.string(),
  }),
  acknowledgement: forRequest,
  quotation: forRequest.extend({ quotationId: z.number() }),
  reply: forRequest.extend({ replyId: z.number() }),
  acceptance: forRequest.extend({ responseId: z.number() }),
  "acceptance-notice": forRequest.extend({ responseId: z.number() }),
  "decline-notice": forRequest.extend({ responseId: z.number() }),
  assignment: forRequest.extend({ to: z.string(), byName: z.string(), took: z.boolean() }),
  "buyer-answer-notice": forRequest.extend({ messageId: z.number() }),
  chaser: forRequest.extend({ replyId: z.number(), quotationId: z.number() }),
  "order-confirmation": forRequest.extend({ responseId: z.number(), byName: z.string() }),
};

/** A stored message's payload read as its kind's; one that is not (written by hand, say) throws. */
export function outboxEntry<K extends OutboxKind>(kind: K, payload: unknown) {
  const parser: z.ZodType<OutboxPayloads[K]> = payloads[kind];
  return { kind, payload: parser.parse(payload) };
}
