import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

/** A file system holding only the given executables. */
function fakeRoot(executables: string[]) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "mro-system-"));
  roots.push(root);
  for (const file of executables) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), "#!/bin/sh\n", { mode: 0o755 });
  }
  return root;
}

const everything = [
  "usr/bin/chromium",
  "usr/lib/postgresql/15/bin/initdb",
  "usr/bin/pdftotext",
  "usr/sbin/dovecot",
  "usr/lib/dovecot/imap",
  "usr/bin/strace",
];

function check(root: string) {
  const started = Date.now();
  const result = spawnSync("bash", ["scripts/check-system.sh"], {
    env: { ...process.env, SYSTEM_ROOT: root },
    encoding: "utf8",
    timeout: 20_000,
  });
  return { ...result, seconds: (Date.now() - started) / 1000 };
}

it("stops within seconds, before anything slow, with the one command that installs every missing package", () => {
  const result = check(fakeRoot([]));
  expect(result.status).toBe(1);
  expect(result.seconds).toBeLessThan(5);
  expect(result.stdout).toBe("");
  const lines = result.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(
    / install them with: sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium postgresql poppler-utils dovecot-imapd strace$/,
  );
});

it("names only what is missing: Dovecot without its IMAP service is not enough", () => {
  const result = check(fakeRoot(everything.filter((file) => file !== "usr/lib/dovecot/imap")));
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/\(dovecot-imapd\); .* --no-install-recommends dovecot-imapd\n$/);
});

it("says nothing and lets the tests go on when every package is there", () => {
  const result = check(fakeRoot(everything));
  expect([result.status, result.stdout, result.stderr]).toEqual([0, "", ""]);
});

it("is the first step of npm test and of CI, so a missing package stops both at once", () => {
  const scripts = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts as Record<string, string>;
  expect(scripts.test).toMatch(/^bash scripts\/check-system\.sh && /);
  const ci = fs.readFileSync(".ci/run", "utf8");
  expect(ci.indexOf("bash scripts/check-system.sh")).toBeGreaterThan(-1);
  expect(ci.indexOf("bash scripts/check-system.sh")).toBeLessThan(ci.indexOf("npm ci"));
});
