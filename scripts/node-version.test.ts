import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { minimumNode } from "#scripts/node-version.js";
import { freePort, nodeBin } from "#test/node.ts";

const needed =
  /^Node\.js 24\.7 or later is needed \(this is v\d+\.\d+\.\d+\); run `npm ci` to get the project's own Node, or install Node 24 LTS\.$/;

/** A Node older than 24.7 on this machine (Debian's, say), found on PATH or in the usual places. */
function olderNode() {
  const candidates = [
    ...(process.env.PATH ?? "").split(path.delimiter).map((dir) => path.join(dir, "node")),
    "/usr/bin/node",
    "/usr/local/bin/node",
  ].filter((file) => !file.includes("node_modules") && fs.existsSync(file));
  for (const file of new Set(candidates)) {
    const version = execFileSync(file, ["-p", "process.versions.node"], { encoding: "utf8" }).trim();
    const [major = 0, minor = 0] = version.split(".").map(Number);
    if (major < 24 || (major === 24 && minor < 7)) return { file, version };
  }
  return undefined;
}

const older = olderNode();
const reason = "no Node.js older than 24.7 on this machine (install Debian's nodejs to run it)";

describe("the Node.js version", () => {
  it("package.json's engines names the version the start check asks for", () => {
    const { engines } = JSON.parse(fs.readFileSync("package.json", "utf8")) as { engines: { node: string } };
    expect(engines.node).toBe(`>=${minimumNode.join(".")}`);
  });

  it("the project's own Node passes the check", () => {
    const run = spawnSync(nodeBin, ["--input-type=module", "-e", 'await import("#scripts/node-version.js")'], {
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  describe.skipIf(!older)(
    `on ${older ? `Node v${older.version} (${older.file})` : `an older Node (skipped: ${reason})`}`,
    () => {
      for (const entry of ["scripts/start.js", "server/index.js"]) {
        it(`${entry} stops with one line naming the version needed, and no stack`, async () => {
          const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-node-"));
          const run = spawnSync(older?.file ?? "", [entry], {
            encoding: "utf8",
            timeout: 30_000,
            env: {
              ...process.env,
              NODE_ENV: "production",
              DATA_DIR: dataDir,
              DATABASE_URL: "",
              HOST: "127.0.0.1",
              PORT: String(await freePort()),
            },
          });
          fs.rmSync(dataDir, { recursive: true, force: true });
          expect(run.stderr.trim()).toMatch(needed);
          expect(run.stdout).toBe("");
          expect(run.status).toBe(1);
        });
      }
    },
  );
});
