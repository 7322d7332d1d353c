import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { errorSummary, type WorkerLogger } from "#app/lib/logger.server.ts";
import { joinRead, type MailDesk } from "#app/mail-in/join.server.ts";
import { MailParseError } from "#app/mail-in/parse.server.ts";
import { type IncomingMail, maxMailBytes, readMail } from "#app/mail-in/read.server.ts";
import { newStorageKey } from "#app/quote/file-storage.server.ts";
import { type HeldMailReason, heldMail } from "#db/schema.ts";

/** A failing e-mail is tried this many times (counted in the database), then set aside for the desk. */
export const maxAttempts = 3;

/** One e-mail as a reader found it: where it is, and how to read it. */
export type MailSource = {
  /** `imap:<mailbox>:<uidvalidity>:<uid>` or `file:<name>:<size>:<mtime>`. */
  key: string;
  mailbox?: string;
  uidValidity?: number;
  uid?: number;
  fileName?: string;
  receivedAt: Date;
  size: number;
  /** The whole e-mail; undefined when it is no longer there. */
  raw(): Promise<Uint8Array | undefined>;
  /** Its header block alone, to name an e-mail too large to read. */
  headers(): Promise<Uint8Array | undefined>;
};

/** Done with ("joined", "already joined", "ours", "held", "gone"), or to be tried again ("retry"). */
export type Taken = "joined" | "already joined" | "ours" | "held" | "gone" | "retry";

/** What the logs say of an e-mail: where it is, never who sent it or what it says. */
export const logTag = (source: MailSource) =>
  source.uid !== undefined ? { uid: source.uid, uidValidity: source.uidValidity } : { file: source.fileName };

/** The kind of an error: its class and code (a database error's message repeats the values it refused). */
export function errorKind(error: unknown) {
  if (error instanceof MailParseError) return error.kind;
  const { type, code, cause } = errorSummary(error);
  // node-postgres names its errors "error"; their code is the SQLSTATE.
  const fromDatabase = [error, (error as Error | undefined)?.cause].some((e) => e instanceof Error && "severity" in e);
  return [fromDatabase ? "database error" : (cause ?? type), code].filter(Boolean).join(" ");
}

const sourceColumns = (source: MailSource) => ({
  sourceKey: source.key,
  mailbox: source.mailbox,
  uidValidity: source.uidValidity,
  uid: source.uid,
  fileName: source.fileName,
  receivedAt: source.receivedAt,
});

/** The header block (up to the first empty line), enough to name the sender and subject. */
export function headerBlock(raw: Uint8Array, max = 256 * 1024) {
  const head = Buffer.from(raw.buffer, raw.byteOffset, Math.min(raw.length, max));
  const end = head.indexOf("\r\n\r\n");
  const bare = head.indexOf("\n\n");
  const cut = [end, bare].filter((at) => at >= 0).sort((a, b) => a - b)[0];
  return cut === undefined ? head : head.subarray(0, cut + 2);
}

const describe = (bytes: Uint8Array | undefined, desk: MailDesk) =>
  bytes ? readMail(headerBlock(bytes), { authservId: desk.authservId }).catch(() => undefined) : undefined;

/** Keeps the e-mail's bytes in file storage for the desk; without them it can still be listed. */
async function keepRaw(raw: Uint8Array, desk: MailDesk) {
  const storageKey = newStorageKey("eml");
  const localPath = path.join(desk.incomingDir, `${storageKey}.part`);
  try {
    await fs.mkdir(desk.incomingDir, { recursive: true, mode: 0o700 });
    await fs.writeFile(localPath, raw, { mode: 0o600 });
    await desk.storage.put(storageKey, localPath, "message/rfc822");
    return storageKey;
  } catch {
    await fs.rm(localPath, { force: true });
    return null;
  }
}

type Hold = { why: HeldMailReason; errorKind?: string; mail?: IncomingMail };

/** Sets an e-mail aside for the desk, once: a second reader's copy of its bytes is removed. */
async function hold(source: MailSource, raw: Uint8Array | undefined, desk: MailDesk, { why, ...rest }: Hold) {
  const storageKey = raw ? await keepRaw(raw, desk) : null;
  const values = {
    why,
    errorKind: rest.errorKind ?? null,
    fromAddress: rest.mail?.fromAddress ?? "",
    subject: rest.mail?.subject ?? "",
    storageKey,
    state: "held" as const,
    updatedAt: new Date(),
  };
  const [row] = await desk.db
    .insert(heldMail)
    .values({ ...sourceColumns(source), ...values })
    .onConflictDoUpdate({ target: heldMail.sourceKey, set: values, setWhere: eq(heldMail.state, "retrying") })
    .returning({ id: heldMail.id });
  if (!row && storageKey) await desk.storage.delete(storageKey);
}

/** Counts one more failed attempt, in the database so a restart does not forget it; returns the count. */
async function countAttempt(source: MailSource, desk: MailDesk, kind: string) {
  const [row] = await desk.db
    .insert(heldMail)
    .values({ ...sourceColumns(source), why: "failed", errorKind: kind, attempts: 1, state: "retrying" })
    .onConflictDoUpdate({
      target: heldMail.sourceKey,
      set: { attempts: sql`${heldMail.attempts} + 1`, errorKind: kind, updatedAt: new Date() },
      setWhere: eq(heldMail.state, "retrying"),
    })
    .returning({ attempts: heldMail.attempts });
  return row?.attempts ?? maxAttempts;
}

/** Counts a failure; the last one allowed sets the e-mail aside. */
async function failed(source: MailSource, desk: MailDesk, logger: WorkerLogger, error: unknown, mail?: IncomingMail) {
  const kind = errorKind(error);
  const attempts = await countAttempt(source, desk, kind);
  logger.warn({ ...logTag(source), kind, attempts }, "e-mail could not be joined");
  if (attempts < maxAttempts) return "retry";
  const raw = mail?.raw ?? (await source.raw());
  await hold(source, raw, desk, { why: "failed", errorKind: kind, mail: mail ?? (await describe(raw, desk)) });
  return "held";
}

/** Reads and joins it; what cannot be joined is held for the desk at once, and a failure is counted. */
async function readAndJoin(source: MailSource, desk: MailDesk, logger: WorkerLogger): Promise<Taken> {
  const raw = await source.raw();
  if (!raw) return "gone";
  let mail: IncomingMail | undefined;
  try {
    // The bytes go to the parser and come back with the mail (mail.raw).
    mail = await readMail(raw, { authservId: desk.authservId, handOver: true });
    const outcome = await joinRead(mail, desk);
    if (outcome === "joined" || outcome === "already joined" || outcome === "ours") {
      await desk.db.delete(heldMail).where(and(eq(heldMail.sourceKey, source.key), eq(heldMail.state, "retrying")));
      return outcome;
    }
    await hold(source, mail.raw, desk, { why: outcome, mail });
    return "held";
  } catch (error) {
    if (!(error instanceof MailParseError)) return failed(source, desk, logger, error, mail);
    const again = await source.raw();
    await hold(source, again, desk, { why: "unreadable", errorKind: error.kind, mail: await describe(again, desk) });
    return "held";
  }
}

/**
 * Takes one e-mail: joins it, or sets it aside for the desk (too large, unreadable, matching no request,
 * or failing `maxAttempts` times), so no e-mail can hold up the ones after it. Errors of the mailbox or
 * the database itself are thrown: nothing was decided about the e-mail.
 */
export async function takeMail(source: MailSource, desk: MailDesk, logger: WorkerLogger): Promise<Taken> {
  const [known] = await desk.db
    .select({ state: heldMail.state })
    .from(heldMail)
    .where(eq(heldMail.sourceKey, source.key));
  if (known && known.state !== "retrying") return "held";
  if (source.size > maxMailBytes) {
    await hold(source, undefined, desk, { why: "too large", mail: await describe(await source.headers(), desk) });
    logger.warn({ ...logTag(source), size: source.size }, "e-mail too large to read; set aside for the desk");
    return "held";
  }
  const taken = await readAndJoin(source, desk, logger);
  if (taken !== "retry") logger.info({ ...logTag(source), taken }, "e-mail read");
  return taken;
}
