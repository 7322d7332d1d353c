import fs from "node:fs/promises";
import path from "node:path";
import { errorSummary, type WorkerLogger } from "#app/lib/logger.server.ts";
import type { MailReader } from "#app/mail-in/imap.server.ts";
import type { MailDesk } from "#app/mail-in/join.server.ts";
import { headerBlock, type MailSource, takeMail } from "#app/mail-in/take.server.ts";

type Options = { dir: string; desk: MailDesk; logger: WorkerLogger; pollMs?: number };

/** The start of a file: the header block of an e-mail too large to read whole. */
async function readStart(file: string) {
  const handle = await fs.open(file, "r");
  try {
    const start = Buffer.alloc(256 * 1024);
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    return headerBlock(start.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** Moves a file into a subfolder, under a new name if one of that name is there already. */
async function moveInto(dir: string, folder: string, name: string) {
  const target = path.join(dir, folder);
  await fs.mkdir(target, { recursive: true });
  const taken = await fs.readdir(target).catch(() => [] as string[]);
  let moved = name;
  for (let n = 2; taken.includes(moved); n++) moved = `${path.basename(name, ".eml")}-${n}.eml`;
  await fs.rename(path.join(dir, name), path.join(target, moved));
}

/**
 * Without a mailbox, `.eml` files dropped into DATA_DIR/inbox are read the same way, so one machine shows
 * the whole loop. A file that joined its request moves to inbox/read, one set aside for the desk (shown
 * under "Mail not joined") to inbox/held; one that failed stays and is tried again on the next pass, until
 * it too is set aside. Each file is taken on its own, so none holds up another.
 */
export function startDropFolderReader({ dir, desk, logger, pollMs = 2000 }: Options): MailReader {
  let running: Promise<void> | undefined;

  async function readFile(name: string) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return;
    const source: MailSource = {
      key: `file:${name}:${stat.size}:${Math.trunc(stat.mtimeMs)}`,
      fileName: name,
      receivedAt: stat.mtime,
      size: stat.size,
      raw: () => fs.readFile(file).catch(() => undefined),
      headers: () => readStart(file).catch(() => undefined),
    };
    const taken = await takeMail(source, desk, logger);
    if (taken === "joined" || taken === "already joined" || taken === "ours") await moveInto(dir, "read", name);
    else if (taken === "held") await moveInto(dir, "held", name);
  }

  function check() {
    running ??= (async () => {
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.toLowerCase().endsWith(".eml")).sort()) {
        await readFile(name).catch((error: unknown) =>
          logger.warn({ file: name, error: errorSummary(error) }, "reading a file in the inbox folder failed"),
        );
      }
    })().finally(() => {
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
