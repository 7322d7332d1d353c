import { buffer } from "node:stream/consumers";
import { and, count, desc, eq, lt } from "drizzle-orm";
import { followMerges, type JoinOutcome, joinMail, type MailDesk } from "#app/mail-in/join.server.ts";
import { errorKind } from "#app/mail-in/take.server.ts";
import { heldMail, quotes } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

/** E-mails set aside for the desk, newest first. */
export function listHeldMail(db: Db, limit = 200) {
  return db
    .select({
      id: heldMail.id,
      mailbox: heldMail.mailbox,
      uid: heldMail.uid,
      fileName: heldMail.fileName,
      receivedAt: heldMail.receivedAt,
      fromAddress: heldMail.fromAddress,
      subject: heldMail.subject,
      why: heldMail.why,
      errorKind: heldMail.errorKind,
      attempts: heldMail.attempts,
      canJoin: heldMail.storageKey,
    })
    .from(heldMail)
    .where(eq(heldMail.state, "held"))
    .orderBy(desc(heldMail.receivedAt), desc(heldMail.id))
    .limit(limit)
    .then((rows) => rows.map((row) => ({ ...row, canJoin: row.canJoin !== null })));
}

export async function countHeldMail(db: Db) {
  const [row] = await db.select({ n: count() }).from(heldMail).where(eq(heldMail.state, "held"));
  return row?.n ?? 0;
}

type Staff = { id: string; name: string };

/** Closes a held e-mail (dismissed or joined by staff) and removes its kept bytes; false if already closed. */
async function close(db: Db, id: number, state: "dismissed" | "joined", by: Staff) {
  const [row] = await db
    .update(heldMail)
    .set({ state, handledByName: by.name, storageKey: null, updatedAt: new Date() })
    .where(and(eq(heldMail.id, id), eq(heldMail.state, "held")))
    .returning({ id: heldMail.id });
  return row !== undefined;
}

/** How long an e-mail set aside waits for the desk before the desk lets its copy go (the mailbox keeps it). */
export const heldMailKeptDays = 90;
const day = 24 * 60 * 60 * 1000;

/**
 * Dismisses e-mails set aside longer than that and never handled: unmatched spam would otherwise pile up
 * whole (up to 50 MB each) for ever. Their kept bytes are then nobody's, and the orphan sweep removes them.
 */
export async function expireHeldMail(db: Db, now: Date) {
  const expired = await db
    .update(heldMail)
    .set({
      state: "dismissed",
      handledByName: `the desk, after ${heldMailKeptDays} days`,
      storageKey: null,
      updatedAt: now,
    })
    .where(and(eq(heldMail.state, "held"), lt(heldMail.updatedAt, new Date(now.getTime() - heldMailKeptDays * day))))
    .returning({ id: heldMail.id });
  return expired.length;
}

/** Dismissed: off the list for good (the e-mail itself stays in the mailbox). */
export async function dismissHeldMail(desk: Pick<MailDesk, "db" | "storage">, id: number, by: Staff) {
  const [row] = await desk.db.select({ key: heldMail.storageKey }).from(heldMail).where(eq(heldMail.id, id));
  const closed = await close(desk.db, id, "dismissed", by);
  if (closed && row?.key) await desk.storage.delete(row.key);
  return closed;
}

export type HeldJoin =
  | { ok: true; outcome: Extract<JoinOutcome, "joined" | "already joined">; reference: string }
  | { ok: false; why: "gone" | "no such request" | "unreadable" | "failed"; errorKind?: string };

/**
 * Joins a held e-mail to the request staff named, through the same path as the reader's (its files kept
 * to the same rules, its sender checked the same way), and takes it off the list.
 */
export async function joinHeldMail(desk: MailDesk, id: number, reference: string, by: Staff): Promise<HeldJoin> {
  const [row] = await desk.db
    .select()
    .from(heldMail)
    .where(and(eq(heldMail.id, id), eq(heldMail.state, "held")));
  if (!row?.storageKey) return { ok: false, why: "gone" };
  const [named] = await desk.db.select().from(quotes).where(eq(quotes.reference, reference));
  const quote = await followMerges(desk.db, named);
  if (!quote) return { ok: false, why: "no such request" };
  const stream = await desk.storage.get(row.storageKey);
  if (!stream) return { ok: false, why: "gone" };
  let outcome: JoinOutcome;
  try {
    outcome = await joinMail(await buffer(stream), desk, { into: quote, by });
  } catch (error) {
    return { ok: false, why: "failed", errorKind: errorKind(error) };
  }
  if (outcome === "unreadable" || outcome === "no request" || outcome === "ours")
    return { ok: false, why: "unreadable" };
  if (await close(desk.db, id, "joined", by)) await desk.storage.delete(row.storageKey);
  return { ok: true, outcome, reference: quote.reference };
}
