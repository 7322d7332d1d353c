import { and, eq, isNotNull, lte, ne } from "drizzle-orm";
import { mailDomain } from "#app/lib/mail-text.ts";
import type { Thread } from "#app/quotation/email.server.ts";
import { referenceInText } from "#app/request/reference.server.ts";
import { outbox, quotations, quoteMessages } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

/** One e-mail of a request's conversation, as threading sees it. */
export type ThreadMessage = { id: string; at: Date; from: "buyer" | "desk" };

/** References name the start of the conversation and at most this many of its latest e-mails. */
export const maxReferences = 10;

/**
 * The headers that keep an e-mail in the buyer's own thread in their mail program: In-Reply-To names the
 * buyer's latest e-mail when there is one, else our latest, else the acknowledgement (`root`); References
 * name the acknowledgement first, then the latest few oldest first, ending with the one answered
 * (RFC 5322 3.6.4).
 */
export function threadOf(messages: ThreadMessage[], root?: string): Thread | undefined {
  const ordered = [...messages].sort((a, b) => a.at.getTime() - b.at.getTime());
  const parent = (ordered.findLast((m) => m.from === "buyer") ?? ordered.at(-1))?.id ?? root;
  if (!parent) return undefined;
  const recent = ordered
    .map((m) => m.id)
    .filter((id) => id !== parent && id !== root)
    .slice(-(maxReferences - 1));
  return { inReplyTo: parent, references: [...new Set([...(root ? [root] : []), ...recent, parent])] };
}

const answerPrefix = /^\s*(re|aw|sv|antw)\s*(\[\d+\])?\s*:\s*/i;

/** The subject of an answer to the buyer's e-mail: one "Re:", and the request's reference kept. */
export function answerSubject(subject: string, reference: string) {
  let bare = subject;
  while (answerPrefix.test(bare)) bare = bare.replace(answerPrefix, "");
  const answer = `Re: ${bare.trim()}`;
  return referenceInText.test(answer) ? answer : `${answer} (${reference})`;
}

/** The acknowledgement's Message-ID, made from the reference (app/mail-out/mail.server.ts). */
export const acknowledgementId = (reference: string, salesAddress: string) =>
  `<${reference}.acknowledgement@${mailDomain(salesAddress)}>`;

/**
 * What an e-mail of ours (`own`, queued at `at`) answers: the request's e-mails before it, ours and the
 * buyer's. The buyer's automatic answers, those whose sender failed the check and those without a
 * Message-ID of their own are left out; the acknowledgement counts once it has left.
 */
export async function threadBefore(
  db: Db,
  request: { id: number; reference: string },
  own: { messageId: string; at: Date },
  salesAddress: string,
): Promise<Thread | undefined> {
  const [messages, sent, acknowledged] = await Promise.all([
    db
      .select({
        id: quoteMessages.messageId,
        at: quoteMessages.createdAt,
        direction: quoteMessages.direction,
        automatic: quoteMessages.automatic,
        senderVerified: quoteMessages.senderVerified,
      })
      .from(quoteMessages)
      .where(
        and(
          eq(quoteMessages.quoteId, request.id),
          lte(quoteMessages.createdAt, own.at),
          ne(quoteMessages.messageId, own.messageId),
        ),
      ),
    db
      .select({ id: quotations.messageId, at: quotations.queuedAt })
      .from(quotations)
      .where(
        and(
          eq(quotations.quoteId, request.id),
          isNotNull(quotations.revision),
          lte(quotations.queuedAt, own.at),
          ne(quotations.messageId, own.messageId),
        ),
      ),
    db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.quoteId, request.id), eq(outbox.kind, "acknowledgement"), eq(outbox.status, "sent"))),
  ]);
  const thread: ThreadMessage[] = [
    ...messages.flatMap(({ id, at, direction, automatic, senderVerified }) => {
      if (!id || id.endsWith("@no-message-id>") || automatic || senderVerified === "failed") return [];
      return [{ id, at, from: direction === "in" ? "buyer" : "desk" } as const];
    }),
    ...sent.flatMap(({ id, at }) => (id && at ? [{ id, at, from: "desk" } as const] : [])),
  ];
  return threadOf(thread, acknowledged.length > 0 ? acknowledgementId(request.reference, salesAddress) : undefined);
}
