import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { splitQuoted } from "#app/mail-in/quoted.ts";
import { requestFileColumns } from "#app/request/files.ts";
import { attachments, quoteLines, quoteMessages } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

/** How much of each message the editor shows beside the lines; the request page has the whole of it. */
const messageChars = 600;

/**
 * What the buyer asked for, beside the quotation being priced: the requirements, the parts list, the files
 * sent with the request and the latest three messages each way (their new words, without what they quote).
 */
export async function buyerRequest(db: Db, quote: { id: number; requirements: string }) {
  const [lines, files, messages] = await Promise.all([
    db
      .select({ id: quoteLines.id, part: quoteLines.part, quantity: quoteLines.quantity, brand: quoteLines.brand })
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, quote.id))
      .orderBy(asc(quoteLines.position)),
    db
      .select(requestFileColumns)
      .from(attachments)
      .where(and(eq(attachments.quoteId, quote.id), isNull(attachments.messageId)))
      .orderBy(asc(attachments.id)),
    db
      .select({
        id: quoteMessages.id,
        direction: quoteMessages.direction,
        subject: quoteMessages.subject,
        body: quoteMessages.body,
        fromAddress: quoteMessages.fromAddress,
        sentByName: quoteMessages.sentByName,
        createdAt: quoteMessages.createdAt,
      })
      .from(quoteMessages)
      .where(eq(quoteMessages.quoteId, quote.id))
      .orderBy(desc(quoteMessages.createdAt), desc(quoteMessages.id))
      .limit(3),
  ]);
  return {
    requirements: quote.requirements,
    lines,
    files,
    messages: messages.map(({ body, ...message }) => {
      const fresh = Array.from(splitQuoted(body).fresh.trim());
      const text = fresh.length > messageChars ? `${fresh.slice(0, messageChars).join("")}…` : fresh.join("");
      return { ...message, text };
    }),
  };
}

export type BuyerRequest = Awaited<ReturnType<typeof buyerRequest>>;
