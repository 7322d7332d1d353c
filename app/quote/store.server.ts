import { createHmac, randomBytes, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { outbox, quotes, settings } from "../../db/schema.ts";
import type { QuoteInput } from "./schema.ts";

export type StoredQuote = { reference: string; duplicate: boolean };

export type StoreMeta = {
  /** One per form render: a resubmitted form (double click, retry after a timeout) stores nothing new. */
  idempotencyKey: string;
  spam: boolean;
  sourceIp?: string;
  userAgent?: string;
  /** From getIpSalt(db), read once at boot. */
  ipSalt: string;
  /** config.quoteForwardUrl is set: queue a forward to the external form service too. */
  forward: boolean;
};

const userAgentMaxLength = 300;

// Crockford base32: no I, L, O or U, so a reference read out over the phone is unambiguous.
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const referencePattern = /^Q-\d{6}-[0-9A-HJKMNP-TV-Z]{5}$/;

const londonDate = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "2-digit",
  month: "2-digit",
  day: "2-digit",
});

/** Q-YYMMDD-XXXXX, dated in UK time: short enough to quote on the phone, and sortable by day. */
export function newReference(now = new Date()) {
  const parts = londonDate.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  let suffix = "";
  for (let i = 0; i < 5; i++) suffix += crockford[randomInt(crockford.length)];
  return `Q-${part("year")}${part("month")}${part("day")}-${suffix}`;
}

/** Keyed hash of a client address: lets us group abuse without keeping the address itself. */
export function hashIp(ip: string, salt: string) {
  // The same IPv4 client can show up as ::ffff:a.b.c.d depending on the socket.
  const normalised = ip
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  return createHmac("sha256", salt).update(normalised).digest("hex");
}

/**
 * The per-install salt for hashIp, kept in the settings table so every server process sharing the
 * database agrees on it (and it survives restarts). Created on first use.
 */
export async function getIpSalt(db: Db) {
  await db
    .insert(settings)
    .values({ key: "ip_salt", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, "ip_salt"));
  if (!row) throw new Error("The ip_salt setting could not be created");
  return row.value;
}

/**
 * Stores the request and its notifications in one transaction, so it is either kept and queued for
 * delivery or not kept at all. Spam is kept for review but never notified.
 */
export async function storeQuote(db: Db, quote: QuoteInput, meta: StoreMeta): Promise<StoredQuote> {
  const values = {
    customerName: quote.customerName,
    email: quote.email,
    company: quote.company || null,
    phone: quote.phone || null,
    category: quote.category || null,
    requirements: quote.requirements,
    urgency: quote.urgency,
    status: meta.spam ? ("spam" as const) : ("new" as const),
    sourceIpHash: meta.sourceIp ? hashIp(meta.sourceIp, meta.ipSalt) : null,
    userAgent: meta.userAgent ? Array.from(meta.userAgent).slice(0, userAgentMaxLength).join("") : null,
    idempotencyKey: meta.idempotencyKey,
  };
  const kinds = meta.spam ? [] : meta.forward ? (["email", "forward"] as const) : (["email"] as const);
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
      if (kinds.length > 0) {
        await tx.insert(outbox).values(kinds.map((kind) => ({ quoteId: row.id, kind, payload: { reference } })));
      }
      return { reference, duplicate: false };
    });
    if (stored) return stored;
  }
  throw new Error("Could not allocate a unique quote reference");
}
