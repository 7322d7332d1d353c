import { type FetchMessageObject, ImapFlow } from "imapflow";
import { errorSummary, type WorkerLogger } from "#app/lib/logger.server.ts";
import { readSetting } from "#app/lib/settings.server.ts";
import type { MailDesk } from "#app/mail-in/join.server.ts";
import { type MailSource, takeMail } from "#app/mail-in/take.server.ts";
import { settings } from "#db/schema.ts";

export type MailReader = {
  stop(): Promise<void> /** Reads what is new now (tests, and the drop folder's poll). */;
  check(): Promise<void>;
};

type Options = {
  url: string;
  mailbox: string;
  desk: MailDesk;
  logger: WorkerLogger;
  /** A safety net beside IDLE (and the only way on a server without it). */
  pollMs?: number;
  /** How soon an e-mail that failed is tried again. */
  retryMs?: number;
};

const cursorKey = (mailbox: string) => `imap_cursor:${mailbox}`;

function connectionOptions(url: string) {
  const u = new URL(url);
  const secure = u.protocol === "imaps:";
  return {
    host: u.hostname,
    port: Number(u.port) || (secure ? 993 : 143),
    secure,
    auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) },
    logger: false as const,
    connectionTimeout: 30_000,
  };
}

type Pass = { mailbox: string; desk: MailDesk; logger: WorkerLogger; stopped: () => boolean };

function sourceOf(imap: ImapFlow, mailbox: string, validity: string, found: FetchMessageObject): MailSource {
  const { uid } = found;
  return {
    key: `imap:${mailbox}:${validity}:${uid}`,
    mailbox,
    uidValidity: Number(validity),
    uid,
    receivedAt: found.internalDate ? new Date(found.internalDate) : new Date(),
    size: found.size ?? 0,
    raw: async () => {
      const message = await imap.fetchOne(String(uid), { source: true }, { uid: true });
      return message ? message.source : undefined;
    },
    headers: async () => {
      const message = await imap.fetchOne(String(uid), { headers: true }, { uid: true });
      return message ? message.headers : undefined;
    },
  };
}

/**
 * Takes each e-mail after the last one done, oldest first. The cursor moves past each one done; one to be
 * tried again holds the cursor where it is (the ones after it are still read, and are not joined twice),
 * and asks for another pass. Returns whether one is waiting to be tried again.
 */
async function readNewMail(imap: ImapFlow, { mailbox, desk, logger, stopped }: Pass) {
  const box = imap.mailbox;
  if (!box) return false;
  const validity = String(box.uidValidity);
  const [seenValidity, seenUid] = ((await readSetting(desk.db, cursorKey(mailbox))) ?? "").split(":");
  const after = seenValidity === validity ? Number(seenUid) || 0 : 0;
  const listed = await imap.fetchAll(`${after + 1}:*`, { uid: true, size: true, internalDate: true }, { uid: true });
  let waiting = false;
  for (const found of listed.filter((m) => m.uid > after).sort((a, b) => a.uid - b.uid)) {
    if (stopped()) break;
    const taken = await takeMail(sourceOf(imap, mailbox, validity, found), desk, logger);
    if (taken === "retry") waiting = true;
    if (waiting) continue;
    await desk.db
      .insert(settings)
      .values({ key: cursorKey(mailbox), value: `${validity}:${found.uid}` })
      .onConflictDoUpdate({ target: settings.key, set: { value: `${validity}:${found.uid}` } });
  }
  return waiting;
}

/**
 * Reads the sales mailbox with EXAMINE (read-only), so nothing in it is ever changed: not even the
 * \Seen flag. Where it left off (UIDVALIDITY and the last UID read) is kept in the database, and the
 * Message-ID is unique there, so a restart or a second process adds nothing twice.
 */
export function startImapReader({ url, mailbox, desk, logger, pollMs = 60_000, retryMs = 2000 }: Options): MailReader {
  let stopped = false;
  let client: ImapFlow | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let reconnectMs = 1000;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let retryTimer: NodeJS.Timeout | undefined;

  /** One read at a time; a call while one runs asks for another pass after it. */
  function check(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    const imap = client;
    if (!imap?.usable) return Promise.resolve();
    running = (async () => {
      let waiting = false;
      do {
        again = false;
        waiting = await readNewMail(imap, { mailbox, desk, logger, stopped: () => stopped });
      } while (again && !stopped);
      if (waiting && !stopped && !retryTimer) {
        retryTimer = setTimeout(() => {
          retryTimer = undefined;
          void check();
        }, retryMs);
        retryTimer.unref();
      }
    })()
      .catch((error: unknown) => logger.warn({ error: errorSummary(error) }, "reading the mailbox failed"))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function reconnectLater() {
    if (stopped || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, reconnectMs);
    reconnectTimer.unref();
    reconnectMs = Math.min(reconnectMs * 2, 5 * 60_000);
  }

  async function connect() {
    const imap = new ImapFlow(connectionOptions(url));
    client = imap;
    imap.on("error", (error: Error) => logger.warn({ error: errorSummary(error) }, "mailbox connection error"));
    imap.on("close", () => {
      if (client === imap) client = undefined;
      reconnectLater();
    });
    imap.on("exists", () => void check());
    try {
      await imap.connect();
      await imap.mailboxOpen(mailbox, { readOnly: true });
      reconnectMs = 1000;
      await check();
    } catch (error) {
      logger.warn({ error: errorSummary(error) }, "cannot read the mailbox; will try again");
      imap.close();
    }
  }

  void connect();
  const poll = setInterval(() => void check(), pollMs);
  poll.unref();
  return {
    check,
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearTimeout(reconnectTimer);
      clearTimeout(retryTimer);
      await running;
      const imap = client;
      client = undefined;
      await imap?.logout().catch(() => imap.close());
    },
  };
}
