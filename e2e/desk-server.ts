import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { freePort } from "#test/node.ts";
import { serverEnv } from "#test/server.ts";

export type DeskServer = { url: string; dataDir: string; log: string; stop(): Promise<void> };

/**
 * A production server of its own with an empty DATA_DIR, so each project meets the desk at first run.
 * Its output goes to server.log in DATA_DIR, where the test reads the setup link as an operator would.
 */
export async function startDeskServer(env: Record<string, string> = {}): Promise<DeskServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-desk-e2e-"));
  const log = path.join(dataDir, "server.log");
  const out = fs.openSync(log, "a");
  const child: ChildProcess = spawn(path.resolve("node_modules/.bin/node"), ["server/index.js"], {
    env: serverEnv(port, dataDir, { QUOTE_RATE_LIMIT: "10000", IMAP_URL: "", ...env }),
    stdio: ["ignore", out, out],
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server stopped:\n${fs.readFileSync(log, "utf8")}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${fs.readFileSync(log, "utf8")}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir,
    log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.closeSync(out);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first-run line the server logged, with the link pointed at this test server. */
export function setupLinkFromLog(server: DeskServer) {
  const line = fs
    .readFileSync(server.log, "utf8")
    .split("\n")
    .find((l) => l.includes("No desk account yet"));
  const link = line?.match(/(http\S+?\/desk\/setup\?token=[\w-]+)/)?.[1];
  if (!link) throw new Error("The server logged no setup link");
  const parsed = new URL(link);
  return `${server.url}${parsed.pathname}${parsed.search}`;
}

/** First run: the link from the server's log creates the admin, Alex, who lands signed in on the inbox. */
export async function createFirstAdmin(page: Page, server: DeskServer) {
  await page.goto(setupLinkFromLog(server));
  await page.getByLabel("Your name").fill("Alex Admin");
  await page.getByLabel("E-mail").fill("alex@desk.example");
  await page.getByLabel("Password", { exact: true }).fill("the counter opens at half eight");
  await page.getByLabel("Password again").fill("the counter opens at half eight");
  await page.getByRole("button", { name: "Create the admin account" }).click();
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
}

/** A buyer's request posted as the form without JavaScript posts it; returns its reference. */
export async function postRequest(page: Page, server: DeskServer, fields: Record<string, string>) {
  const sent = await page.request.post(`${server.url}/?index`, {
    form: { formToken: "no-script-form", ...fields },
    headers: { origin: server.url },
  });
  const reference = (await sent.text()).match(/Q-\d{6}-[0-9A-Z]{5}/)?.[0] ?? "";
  expect(reference).not.toBe("");
  return reference;
}

/** The plain-text body of an .eml file (quoted-printable undone). */
function emlText(file: string) {
  const raw = fs.readFileSync(file, "utf8");
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits for the outbox worker to write an e-mail with this tag, then returns the desk link in it. */
export async function linkFromOutbox(server: DeskServer, tag: string, to: string) {
  const dir = path.join(server.dataDir, "outbox");
  const deadline = Date.now() + 30_000;
  for (;;) {
    const files = fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((f) => f.startsWith(`${tag}-`) && f.endsWith(".eml"))
      : [];
    for (const file of files) {
      const text = emlText(path.join(dir, file));
      if (!text.includes(`To: ${to}`)) continue;
      const link = text.match(/http\S+?(\/desk\/[\w-]+\?token=[\w-]+)/)?.[1];
      if (link) return `${server.url}${link}`;
    }
    if (Date.now() > deadline) throw new Error(`No ${tag} e-mail to ${to} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
