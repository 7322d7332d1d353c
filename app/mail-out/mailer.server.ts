import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { writeFileDurably } from "#app/lib/durable-file.server.ts";
import type { Config } from "#app/lib/env.server.ts";

/** Names an .eml file: a quote reference, or a tag and outbox id; never anything a visitor typed. */
const fileNamePattern = /^[A-Za-z0-9-]{1,80}$/;

/**
 * A failure handing a built message to the mail server (or writing it to the outbox folder), as opposed to
 * one building it: only this kind can say the mail server is down.
 */
export class MailServerError extends Error {
  override name = "MailServerError";
  readonly code: string | undefined;
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.code = (cause as NodeJS.ErrnoException | undefined)?.code;
  }
}

export type Mailer = {
  send(message: SendMailOptions, name: string): Promise<void>;
  /** Cheap check that mail can go out now (SMTP: connect, greet, log in; files: the folder is writable). */
  verify(): Promise<boolean>;
  close(): void;
};

/**
 * Removes the half-written files of a process killed mid-write (`.name.uuid.tmp`). Only files older
 * than a minute: another process sharing the folder may be writing one right now.
 */
export async function sweepOutboxFolder(dataDir: string, now = Date.now()) {
  const dir = path.join(dataDir, "outbox");
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!/^\..+\.tmp$/.test(name)) continue;
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat && now - stat.mtimeMs > 60_000) {
      await fs.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an .eml file under DATA_DIR/outbox,
 * so a development setup still keeps every notification.
 */
export function createMailer(config: Pick<Config, "smtpUrl" | "dataDir">): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      // Well inside the outbox's 5-minute claim, so a stuck server cannot outlive the claim.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return {
      async send(message) {
        await transport.sendMail(message);
      },
      verify: () =>
        transport.verify().then(
          () => true,
          () => false,
        ),
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const dir = path.join(config.dataDir, "outbox");
  return {
    async send(message, name) {
      if (!fileNamePattern.test(name)) throw new Error(`Not a message name: ${name}`);
      const info = await transport.sendMail(message);
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      // Whoever reads the folder never sees half a message, and the outbox marks it sent only once it is on disk.
      await writeFileDurably(path.join(dir, `${name}.eml`), info.message as Buffer);
    },
    async verify() {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      return fs.access(dir, fs.constants.W_OK).then(
        () => true,
        () => false,
      );
    },
    close: () => transport.close(),
  };
}
