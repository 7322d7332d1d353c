import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, ilike, isNotNull } from "drizzle-orm";
import { onlineLinkLine } from "#app/content/online-quotation.ts";
import { chaserTitle, defaultChaser } from "#app/content/quotation.ts";
import { placeholderValues } from "#app/desk/request/replies.server.ts";
import { formatDay } from "#app/lib/london-time.ts";
import { addBeforeSignOff, mailDomain } from "#app/lib/mail-text.ts";
import { fillPlaceholders } from "#app/quotation/draft.ts";
import { formatPence } from "#app/quotation/money.ts";
import { setNextContact } from "#app/request/chase.server.ts";
import { buyerAnswered } from "#app/request/lifecycle.server.ts";
import { type Actor, timelineEvent } from "#app/request/timeline.ts";
import { outbox, quotations, quoteEvents, quoteMessages, type quotes, savedReplies } from "#db/schema.ts";
import type { Db, Tx } from "#db/types.ts";

// A chaser: a saved reply sent to the buyer of a quoted request, with the latest revision's figures and a
// fresh link to it online. The link's token is made when the e-mail leaves (app/mail-out/kinds.server.ts),
// since only its hash is kept; the stored message keeps {link} where it goes.

export type Chaser = { choice: string; title: string; subject: string; body: string };
type Buyer = Pick<typeof quotes.$inferSelect, "id" | "reference" | "customerName" | "company">;

/** The team's chasers (saved replies titled "Chaser…"), or the one shipped when they keep none. */
export async function chasers(db: Db | Tx): Promise<Chaser[]> {
  const saved = await db
    .select()
    .from(savedReplies)
    .where(ilike(savedReplies.title, `${chaserTitle}%`))
    .orderBy(asc(savedReplies.title));
  if (saved.length === 0) return [{ choice: "default", title: chaserTitle, ...defaultChaser }];
  return saved.map((reply) => ({
    choice: String(reply.id),
    title: reply.title,
    subject: reply.subject,
    body: reply.body,
  }));
}

/** The chaser chosen (by its saved reply's id, "default", or the first when none is named). */
const pickChaser = (list: Chaser[], choice: string) =>
  choice === "" ? list[0] : list.find((chaser) => chaser.choice === choice);

export async function chosenChaser(db: Db | Tx, choice: string) {
  return pickChaser(await chasers(db), choice);
}

/** The request's latest sent revision: the one a chaser is about. */
export async function latestRevision(db: Db | Tx, quoteId: number) {
  const [latest] = await db
    .select({
      id: quotations.id,
      revision: quotations.revision,
      content: quotations.content,
      grossPence: quotations.grossPence,
    })
    .from(quotations)
    .where(and(eq(quotations.quoteId, quoteId), isNotNull(quotations.revision)))
    .orderBy(desc(quotations.revision))
    .limit(1);
  return latest?.content ? { ...latest, validUntil: latest.content.validUntil } : undefined;
}
type Revision = NonNullable<Awaited<ReturnType<typeof latestRevision>>>;

/** The chaser as it will read: every placeholder filled but {link}, added above the sign-off if it was left out. */
export function fillChaser(chaser: Chaser, quote: Buyer, latest: Revision) {
  const values = {
    ...placeholderValues(quote),
    revision: `${quote.reference}/${latest.revision}`,
    validUntil: formatDay(latest.validUntil),
    total: formatPence(latest.grossPence ?? 0),
  };
  const body = fillPlaceholders(chaser.body, values);
  const subject = fillPlaceholders(chaser.subject, values);
  return {
    subject: subject.includes(quote.reference) ? subject : `${subject} (${quote.reference})`,
    body: chaser.body.includes("{link}") ? body : addBeforeSignOff(body, onlineLinkLine("{link}")),
  };
}

/**
 * Queues the chaser: kept with the request's e-mails, recorded in its timeline, and the next contact moved
 * on to `nextContactDay`. The request stays Quoted.
 */
export async function queueChaser(
  tx: Tx,
  quote: Buyer,
  chaser: Chaser,
  actor: Actor,
  options: { site: { email: string }; nextContactDay: string },
) {
  const latest = await latestRevision(tx, quote.id);
  if (!latest) return undefined;
  const { subject, body } = fillChaser(chaser, quote, latest);
  const domain = mailDomain(options.site.email);
  const [message] = await tx
    .insert(quoteMessages)
    .values({
      quoteId: quote.id,
      direction: "out",
      subject,
      body,
      messageId: `<${quote.reference}.c${randomBytes(6).toString("hex")}@${domain}>`,
      sentBy: actor.id,
      sentByName: actor.name,
    })
    .returning({ id: quoteMessages.id });
  if (!message) throw new Error("The chaser was not stored");
  const revision = `${quote.reference}/${latest.revision}`;
  await tx.insert(outbox).values({
    quoteId: quote.id,
    kind: "chaser",
    payload: { reference: quote.reference, replyId: message.id, quotationId: latest.id },
  });
  await tx
    .insert(quoteEvents)
    .values(timelineEvent(quote.id, actor, "chaser-sent", { subject, revision, until: options.nextContactDay }));
  await buyerAnswered(tx, quote.id);
  await setNextContact(tx, quote.id, options.nextContactDay);
  return { revision };
}

/** The chasers a quoted request's page offers, and the one asked for (`?chaser=`) as it will read. */
export async function chasersOnPage(
  db: Db,
  quote: Buyer & Pick<typeof quotes.$inferSelect, "status">,
  asked: string | null,
) {
  if (quote.status !== "quoted") return { chasers: [], preview: undefined };
  const list = await chasers(db);
  const chosen = asked === null ? undefined : pickChaser(list, asked);
  const latest = chosen && (await latestRevision(db, quote.id));
  const preview =
    chosen && latest
      ? {
          ...fillChaser(chosen, quote, latest),
          choice: chosen.choice,
          title: chosen.title,
          revision: `${quote.reference}/${latest.revision}`,
        }
      : undefined;
  return { chasers: list.map(({ choice, title }) => ({ choice, title })), preview };
}
