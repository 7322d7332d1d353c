import { ImapFlow } from "imapflow";
import type { WorkerLogger } from "#app/lib/logger.server.ts";
import { readSetting } from "#app/lib/settings.server.ts";
import { type JoinOutcome, joinMail, type MailDesk } from "#app/mail-in/join.server.ts";
import { maxMailBytes } from "#app/mail-in/read.server.ts";
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
  onJoined?: (outcome: JoinOutcome) => void;
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

/** Joins each e-mail after the last one read, oldest first, moving the cursor past each as it goes. */
async function readNewMail(
  imap: ImapFlow,
  {
    mailbox,
    desk,
    logger,
    onJoined,
    stopped,
  }: Pick<Options, "mailbox" | "desk" | "logger" | "onJoined"> & { stopped: () => boolean },
) {
  const box = imap.mailbox;
  if (!box) return;
  const validity = String(box.uidValidity);
  const [seenValidity, seenUid] = ((await readSetting(desk.db, cursorKey(mailbox))) ?? "").split(":");
  const after = seenValidity === validity ? Number(seenUid) || 0 : 0;
  const listed = await imap.fetchAll(`${after + 1}:*`, { uid: true, size: true }, { uid: true });
  for (const { uid, size } of listed.filter((m) => m.uid > after).sort((a, b) => a.uid - b.uid)) {
    if (stopped()) return;
    let outcome: JoinOutcome = "unreadable";
    if ((size ?? 0) <= maxMailBytes) {
      const message = await imap.fetchOne(String(uid), { source: true }, { uid: true });
      const source = message ? message.source : undefined;
      if (source) outcome = await joinMail(source, desk);
    } else logger.warn({ uid, size }, "e-mail too large to read; left in the mailbox");
    onJoined?.(outcome);
    if (outcome === "joined") logger.info({ uid }, "buyer's e-mail joined its request");
    await desk.db
      .insert(settings)
      .values({ key: cursorKey(mailbox), value: `${validity}:${uid}` })
      .onConflictDoUpdate({ target: settings.key, set: { value: `${validity}:${uid}` } });
  }
}

/**
 * Reads the sales mailbox with EXAMINE (read-only), so nothing in it is ever changed: not even the
 * \Seen flag. Where it left off (UIDVALIDITY and the last UID read) is kept in the database, and the
 * Message-ID is unique there, so a restart or a second process adds nothing twice.
 */
export function startImapReader({ url, mailbox, desk, logger, pollMs = 60_000, onJoined }: Options): MailReader {
  let stopped = false;
  let client: ImapFlow | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let retryMs = 1000;
  let reconnectTimer: NodeJS.Timeout | undefined;

  /** One read at a time; a call while one runs asks for another pass after it. */
  function check(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    const imap = client;
    if (!imap?.usable) return Promise.resolve();
    running = (async () => {
      do {
        again = false;
        await readNewMail(imap, { mailbox, desk, logger, onJoined, stopped: () => stopped });
      } while (again && !stopped);
    })()
      .catch((error: unknown) =>
        logger.warn({ error: error instanceof Error ? error.message : "unknown" }, "reading the mailbox failed"),
      )
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
    }, retryMs);
    reconnectTimer.unref();
    retryMs = Math.min(retryMs * 2, 5 * 60_000);
  }

  async function connect() {
    const imap = new ImapFlow(connectionOptions(url));
    client = imap;
    imap.on("error", (error: Error) => logger.warn({ error: error.message }, "mailbox connection error"));
    imap.on("close", () => {
      if (client === imap) client = undefined;
      reconnectLater();
    });
    imap.on("exists", () => void check());
    try {
      await imap.connect();
      await imap.mailboxOpen(mailbox, { readOnly: true });
      retryMs = 1000;
      await check();
    } catch (error) {
      logger.warn(
        { error: error instanceof Error ? error.message : "unknown" },
        "cannot read the mailbox; will try again",
      );
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
      await running;
      const imap = client;
      client = undefined;
      await imap?.logout().catch(() => imap.close());
    },
  };
}
