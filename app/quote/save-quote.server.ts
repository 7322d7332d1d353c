import { and, count, eq, gt, type SQL, sql } from "drizzle-orm";
import { acknowledgementsPerClientPerDay, acknowledgementsPerDay } from "#app/content/acknowledgement.ts";
import { hashIp } from "#app/lib/client-key.server.ts";
import { mailboxKey } from "#app/quote/mailbox-key.ts";
import type { PartsLine } from "#app/quote/parts.ts";
import type { QuoteInput } from "#app/quote/schema.ts";
import type { RequestValues } from "#app/request/fields.ts";
import { newReference } from "#app/request/reference.server.ts";
import { searchKeys } from "#app/request/search-keys.ts";
import type { OutboxKind } from "#db/outbox-payloads.ts";
import { attachments, outbox, quoteLines, quotes, type SpamReason } from "#db/schema.ts";
import type { Db, Tx } from "#db/types.ts";

export type StoredQuote = { reference: string; duplicate: boolean };

/** A file already in storage under its random key, recorded with the request that carried it. */
export type AttachmentRecord = {
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
};

/** What a request may carry beyond its fields. */
export type QuoteExtras = { lines?: PartsLine[]; attachments?: AttachmentRecord[] };

export type StoreMeta = {
  /** One per form render: a resubmitted form (double click, retry after a timeout) stores nothing new. */
  idempotencyKey: string;
  /** Held as spam (strong evidence): stored for review, never notified. */
  spam: boolean;
  /** Why it looks like spam; with `spam` false these are weak signals and it is notified, flagged. */
  spamReasons?: SpamReason[];
  sourceIp?: string;
  userAgent?: string;
  /** From getIpSalt(db), read once at boot. */
  ipSalt: string;
  /** config.quoteForwardUrl is set: queue a forward to the external form service too. */
  forward: boolean;
  /**
   * E-mail the buyer an acknowledgement: never when held as spam, at most acknowledgementsPerDay to one mailbox
   * and acknowledgementsPerClientPerDay for one client address.
   */
  acknowledge: boolean;
};

const userAgentMaxLength = 300;

/** The request's fields as stored: one the buyer left out is null. */
function storedFields(quote: QuoteInput): RequestValues {
  return {
    customerName: quote.customerName,
    email: quote.email,
    company: quote.company || null,
    phone: quote.phone || null,
    category: quote.category || null,
    requirements: quote.requirements,
    urgency: quote.urgency,
  };
}

/** Acknowledgements queued in the last 24 hours for requests matching `which`. */
async function acknowledgementsSince(tx: Tx, which: SQL) {
  const [sent] = await tx
    .select({ n: count() })
    .from(outbox)
    .innerJoin(quotes, eq(outbox.quoteId, quotes.id))
    .where(and(eq(outbox.kind, "acknowledgement"), which, gt(outbox.createdAt, sql`now() - interval '1 day'`)));
  return sent?.n ?? 0;
}

/**
 * Whether the buyer gets an acknowledgement: at most acknowledgementsPerDay to one mailbox (however its
 * address is spelt) and acknowledgementsPerClientPerDay asked for from one client address, in 24 hours.
 * Requests for the same mailbox or from the same client wait for each other here (mailbox first, so two
 * cannot wait for each other), and two at once cannot both take the last one.
 */
async function acknowledgementDue(tx: Tx, mailbox: string, clientHash: string | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`acknowledgement:${mailbox}`}))`);
  if ((await acknowledgementsSince(tx, eq(quotes.mailboxKey, mailbox))) >= acknowledgementsPerDay) return false;
  if (clientHash === null) return true;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`acknowledgement-client:${clientHash}`}))`);
  return (await acknowledgementsSince(tx, eq(quotes.sourceIpHash, clientHash))) < acknowledgementsPerClientPerDay;
}

/**
 * Stores the request and its notifications in one transaction, so it is either kept and queued for
 * delivery or not kept at all, with its parts list and the records of its files. Spam is kept for
 * review but never notified.
 */
export async function storeQuote(
  db: Db,
  quote: QuoteInput,
  meta: StoreMeta,
  extras: QuoteExtras = {},
): Promise<StoredQuote> {
  const values = {
    ...storedFields(quote),
    status: meta.spam ? ("spam" as const) : ("new" as const),
    spamReasons: meta.spamReasons ?? [],
    sourceIpHash: meta.sourceIp ? hashIp(meta.sourceIp, meta.ipSalt) : null,
    mailboxKey: mailboxKey(quote.email),
    userAgent: meta.userAgent ? Array.from(meta.userAgent).slice(0, userAgentMaxLength).join("") : null,
    idempotencyKey: meta.idempotencyKey,
    searchKeys: searchKeys(
      (extras.lines ?? []).map((line) => line.part),
      quote.phone,
    ),
  };
  const kinds: OutboxKind[] = meta.spam ? [] : meta.forward ? ["email", "forward"] : ["email"];
  // A fresh reference colliding with an existing one is rare; the loop just draws again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const reference = newReference();
    const stored = await db.transaction(async (tx): Promise<StoredQuote | undefined> => {
      // DO NOTHING rather than an error: a concurrent twin waits for ours and then sees it below.
      const [row] = await tx
        .insert(quotes)
        .values({ ...values, reference })
        .onConflictDoNothing()
        .returning({ id: quotes.id });
      if (!row) {
        const [existing] = await tx
          .select({ reference: quotes.reference })
          .from(quotes)
          .where(eq(quotes.idempotencyKey, meta.idempotencyKey));
        return existing && { reference: existing.reference, duplicate: true };
      }
      if (extras.lines?.length) {
        await tx.insert(quoteLines).values(
          extras.lines.map((line, position) => ({
            quoteId: row.id,
            position,
            part: line.part,
            quantity: line.quantity,
            brand: line.brand ?? null,
          })),
        );
      }
      if (extras.attachments?.length) {
        await tx.insert(attachments).values(extras.attachments.map((file) => ({ ...file, quoteId: row.id })));
      }
      const queued =
        meta.acknowledge && !meta.spam && (await acknowledgementDue(tx, values.mailboxKey, values.sourceIpHash))
          ? [...kinds, "acknowledgement" as const]
          : kinds;
      if (queued.length > 0) {
        await tx.insert(outbox).values(queued.map((kind) => ({ quoteId: row.id, kind, payload: { reference } })));
      }
      return { reference, duplicate: false };
    });
    if (stored) return stored;
  }
  throw new Error("Could not allocate a unique quote reference");
}
