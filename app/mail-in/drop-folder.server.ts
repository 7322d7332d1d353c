import fs from "node:fs/promises";
import path from "node:path";
import type { WorkerLogger } from "#app/lib/logger.server.ts";
import type { MailReader } from "#app/mail-in/imap.server.ts";
import { type JoinOutcome, joinMail, type MailDesk } from "#app/mail-in/join.server.ts";
import { maxMailBytes } from "#app/mail-in/read.server.ts";

type Options = { dir: string; desk: MailDesk; logger: WorkerLogger; pollMs?: number };

/**
 * Without a mailbox, `.eml` files dropped into DATA_DIR/inbox are read the same way, so one machine shows
 * the whole loop. A file that joined its request moves to inbox/read; one that matches no request is left
 * where it is (and not read again until it changes).
 */
export function startDropFolderReader({ dir, desk, logger, pollMs = 2000 }: Options): MailReader {
  const passedOver = new Map<string, string>();
  let running: Promise<void> | undefined;

  async function readFile(name: string) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return;
    const stamp = `${stat.size}:${stat.mtimeMs}`;
    if (passedOver.get(name) === stamp) return;
    let outcome: JoinOutcome = "unreadable";
    if (stat.size <= maxMailBytes) outcome = await joinMail(await fs.readFile(file), desk);
    if (outcome === "joined" || outcome === "already joined") {
      await fs.mkdir(path.join(dir, "read"), { recursive: true });
      await fs.rename(file, path.join(dir, "read", name));
      passedOver.delete(name);
      if (outcome === "joined") logger.info({ file: name }, "buyer's e-mail joined its request");
    } else {
      passedOver.set(name, stamp);
      logger.info({ file: name, outcome }, "e-mail left in the inbox folder");
    }
  }

  function check() {
    running ??= (async () => {
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.toLowerCase().endsWith(".eml")).sort()) await readFile(name);
    })()
      .catch((error: unknown) =>
        logger.warn({ error: error instanceof Error ? error.message : "unknown" }, "reading the inbox folder failed"),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  void fs.mkdir(dir, { recursive: true }).then(check, () => {});
  const poll = setInterval(() => void check(), pollMs);
  poll.unref();
  return {
    check,
    async stop() {
      clearInterval(poll);
      await running;
    },
  };
}
