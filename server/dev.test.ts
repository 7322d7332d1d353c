import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "#test/node.ts";
import { quoteForm, validQuote } from "#test/server.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-dev-"));
let child: ReturnType<typeof spawn> | undefined;
let log = "";
let url = "";

afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    // A safety net should the test above fail before it stops the server: stop the whole group.
    process.kill(-child.pid, "SIGTERM");
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run dev", () => {
  it("serves the pages and takes a quote request like production", { timeout: 120_000 }, async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn("npm", ["run", "dev"], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SMTP_URL: "", DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout?.on("data", (chunk) => {
      log += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      log += chunk;
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm run dev exited:\n${log}`);
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`npm run dev did not start:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const page = await fetch(`${url}/products/bearings`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h1");

    const response = await fetch(`${url}/?index`, { method: "POST", body: quoteForm(validQuote) });
    expect(response.status).toBe(200);
    const reference = (await response.text()).match(/Q-\d{6}-[0-9A-Z]{5}/)?.[0];
    expect(reference).toBeTruthy();

    // The notification is written as an .eml file, as production does without SMTP_URL.
    const eml = path.join(dataDir, "outbox", `${reference}.eml`);
    const written = Date.now() + 15_000;
    while (!fs.existsSync(eml) && Date.now() < written) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fs.readFileSync(eml, "utf8")).toContain(validQuote.customerName);
  });

  it("stops, database and all, when only npm's own process is sent SIGTERM (as a process manager does)", async () => {
    expect(child?.exitCode).toBeNull();
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    child?.kill("SIGTERM");
    await exited;
    // The server and its database go too, not only npm (without the script's `exec`, they were left running).
    const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
    const up = () =>
      fetch(`${url}/healthz`).then(
        () => true,
        () => false,
      );
    const deadline = Date.now() + 15_000;
    while (((await up()) || fs.existsSync(pidFile)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await up(), log).toBe(false);
    expect(fs.existsSync(pidFile)).toBe(false);
  });
});
