import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { freePort } from "#test/node.ts";

const dovecotBin = "/usr/sbin/dovecot";
export const dovecotAvailable = fs.existsSync(dovecotBin);

export type ImapServer = {
  /** imap://user:password@127.0.0.1:port, as IMAP_URL takes it. */
  url: string;
  /** Delivers a message into the mailbox, as the sales address receiving it would. */
  append(raw: string | Buffer, mailbox?: string): Promise<void>;
  /** Every message in the mailbox with its flags (to see that nothing was changed). */
  list(mailbox?: string): Promise<{ uid: number; flags: string[] }[]>;
  stop(): Promise<void>;
};

const user = "sales@example.test";
const password = "throwaway-password";

async function listening(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Dovecot did not listen on ${port}`);
}

/** Debian's Dovecot (apt-get install dovecot-imapd) on a free loopback port, with a throwaway mailbox. */
export async function startDovecot(): Promise<ImapServer> {
  if (!dovecotAvailable) throw new Error("Dovecot not found at /usr/sbin/dovecot: apt-get install dovecot-imapd");
  // Short: Dovecot's Unix sockets live under base_dir, and socket paths are limited to 108 bytes.
  const dir = fs.mkdtempSync(path.join("/tmp", "dv-"));
  // Dovecot's own processes run as an unprivileged user and must reach the password file.
  fs.chmodSync(dir, 0o755);
  const mailDir = path.join(dir, "mail");
  fs.mkdirSync(mailDir, { mode: 0o777 });
  fs.chmodSync(mailDir, 0o777);
  fs.mkdirSync(path.join(dir, "run"));
  const port = await freePort();
  const root = process.getuid?.() === 0;
  const me = os.userInfo().username;
  const group = root
    ? "nogroup"
    : (fs.readFileSync("/etc/group", "utf8").match(new RegExp(`^([^:]+):[^:]*:${os.userInfo().gid}:`, "m"))?.[1] ?? me);
  const account = root ? "nobody" : me;
  fs.writeFileSync(path.join(dir, "passwd"), `${user}:{PLAIN}${password}\n`, { mode: 0o644 });
  fs.writeFileSync(
    path.join(dir, "dovecot.conf"),
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${account}
default_internal_group = ${group}
default_login_user = ${account}
first_valid_uid = 0
mail_location = maildir:${mailDir}/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${account} gid=${group} home=${mailDir}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`,
  );
  const child = spawn(dovecotBin, ["-F", "-c", path.join(dir, "dovecot.conf")], { stdio: "ignore" });
  try {
    await listening(port, 15_000);
  } catch (error) {
    child.kill("SIGKILL");
    const log = fs.existsSync(path.join(dir, "dovecot.log"))
      ? fs.readFileSync(path.join(dir, "dovecot.log"), "utf8")
      : "";
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  const client = async <T>(work: (imap: ImapFlow) => Promise<T>) => {
    const imap = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    await imap.connect();
    try {
      return await work(imap);
    } finally {
      await imap.logout();
    }
  };
  return {
    url: `imap://${encodeURIComponent(user)}:${password}@127.0.0.1:${port}`,
    append: (raw, mailbox = "INBOX") =>
      client(async (imap) => {
        if (mailbox !== "INBOX") await imap.mailboxCreate(mailbox).catch(() => undefined);
        await imap.append(mailbox, raw);
      }),
    list: (mailbox = "INBOX") =>
      client(async (imap) => {
        const box = await imap.mailboxOpen(mailbox, { readOnly: true });
        if (box.exists === 0) return [];
        const all = await imap.fetchAll("1:*", { uid: true, flags: true });
        return all.map((m) => ({ uid: m.uid, flags: [...(m.flags ?? [])].filter((f) => f !== "\\Recent").sort() }));
      }),
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
