import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedMajor } from "#db/embedded-checks.server.ts";
import { freePort, nodeBin } from "#test/node.ts";
import { setupTimeoutMs } from "#test/pg.ts";
import { quoteForm, serverEnv, startServer, validQuote } from "#test/server.ts";

/** Starts the production server expecting it to refuse: its exit code and everything it printed. */
async function refusedStart(dataDir: string, env: Record<string, string> = {}) {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(nodeBin, ["server/index.js"], {
    env: serverEnv(port, dataDir, env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const reachable = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(3000) }).then(
    () => true,
    () => false,
  );
  return { code, output: output.trim(), reachable };
}

/** No stack trace, and the last line is the message (for a line of pino's JSON, its msg). */
function expectOneClearLine(output: string, message: string) {
  expect(output).not.toMatch(/\bat .*\(.*:\d+:\d+\)|\n\s+at /);
  const last = output.split("\n").at(-1) ?? "";
  const text = last.startsWith("{") ? (JSON.parse(last) as { msg: string }).msg : last;
  expect(text).toBe(message);
}

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "mro-fault-"));

// tmpfs mounts stand in for a read-only and a full disk; where mounting is not allowed, that is said.
const mounts: string[] = [];
function mountTmpfs(options: string) {
  const dir = tmp();
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", dir], { stdio: "ignore" });
  } catch {
    return undefined;
  }
  mounts.push(dir);
  return dir;
}
const canMount = (() => {
  const probe = mountTmpfs("size=1m");
  return probe !== undefined;
})();

describe("a server that cannot start says why in one line and serves nothing", () => {
  afterAll(() => {
    for (const dir of mounts) execFileSync("umount", [dir], { stdio: "ignore" });
  });

  it("started in development mode without `npm run dev`", async () => {
    const result = await refusedStart(tmp(), { NODE_ENV: "" });
    expect(result).toMatchObject({ code: 1, reachable: false });
    expectOneClearLine(
      result.output,
      "Development mode starts with `npm run dev`; to serve the production build, use `npm start`.",
    );
  });

  it.runIf(canMount)("on a read-only disk", async () => {
    const dir = mountTmpfs("ro,size=1m") ?? "";
    const dataDir = path.join(dir, "data");
    const result = await refusedStart(dataDir);
    expect(result).toMatchObject({ code: 1, reachable: false });
    expectOneClearLine(
      result.output,
      `DATA_DIR ${dataDir} cannot hold the database: it is on a read-only file system: mount it writable or choose another DATA_DIR.`,
    );
  });

  it.runIf(canMount)("on a full disk", async () => {
    const dir = mountTmpfs("size=1m") ?? "";
    fs.writeFileSync(path.join(dir, "filler"), Buffer.alloc(1024 * 1024));
    const result = await refusedStart(dir);
    expect(result).toMatchObject({ code: 1, reachable: false });
    expectOneClearLine(
      result.output,
      `DATA_DIR ${dir} cannot hold the database: its disk is full: free space, then start again.`,
    );
  });

  it(
    "on a port another program has taken",
    async () => {
      const taken = net.createServer();
      await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
      const port = (taken.address() as net.AddressInfo).port;
      try {
        const result = await refusedStart(tmp(), { PORT: String(port) });
        expect(result.code).toBe(1);
        expectOneClearLine(
          result.output,
          `port ${port} is taken by another program: stop that program or set PORT to another port`,
        );
      } finally {
        taken.close();
      }
    },
    setupTimeoutMs,
  );

  it(
    "with a database made by a newer or an older PostgreSQL",
    async () => {
      const dataDir = tmp();
      const server = await startServer({}, dataDir);
      await server.stop();
      const clusterDir = `${dataDir}/postgres`;
      fs.writeFileSync(path.join(clusterDir, "PG_VERSION"), `${embeddedMajor + 1}\n`);
      const newer = await refusedStart(dataDir);
      expect(newer).toMatchObject({ code: 1, reachable: false });
      expectOneClearLine(
        newer.output,
        `The database in ${clusterDir} was made by PostgreSQL ${embeddedMajor + 1}; this version runs PostgreSQL ${embeddedMajor}: run the newer version of this site that made it, or set DATABASE_URL to a server of that version.`,
      );
      fs.writeFileSync(path.join(clusterDir, "PG_VERSION"), `${embeddedMajor - 1}\n`);
      const older = await refusedStart(dataDir);
      expect(older).toMatchObject({ code: 1, reachable: false });
      expectOneClearLine(
        older.output,
        `The database in ${clusterDir} was made by PostgreSQL ${embeddedMajor - 1}; this version runs PostgreSQL ${embeddedMajor}: move it across with pg_upgrade, or dump it with PostgreSQL ${embeddedMajor - 1} and restore it here (README, "Updating PostgreSQL").`,
      );
    },
    setupTimeoutMs * 2,
  );

  it("with an earlier version's PGlite files in DATA_DIR/db", async () => {
    const dataDir = tmp();
    fs.mkdirSync(path.join(dataDir, "db"));
    fs.writeFileSync(path.join(dataDir, "db", "PG_VERSION"), "17\n");
    const result = await refusedStart(dataDir);
    expect(result).toMatchObject({ code: 1, reachable: false });
    expectOneClearLine(
      result.output,
      `${dataDir}/db holds data from an earlier version: run \`npm run convert-pglite\` once, then start again.`,
    );
    // Nothing was made beside the old files, and the server's bundle has no PGlite to load.
    expect(fs.readdirSync(dataDir)).toEqual(["db"]);
    expect(fs.readFileSync("build/server/index.js", "utf8")).not.toContain("@electric-sql/pglite");
  });
});

describe("the embedded database between two starts", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = tmp();
  });

  it(
    "refuses a second server on the same DATA_DIR while the first one runs",
    async () => {
      const first = await startServer({}, dataDir);
      try {
        const second = await refusedStart(dataDir);
        expect(second.code).toBe(1);
        expectOneClearLine(
          second.output,
          `Another server (pid ${first.child.pid}) is using DATA_DIR ${dataDir}. Stop it first, or give this one its own DATA_DIR.`,
        );
        expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
      } finally {
        await first.stop();
      }
    },
    setupTimeoutMs * 2,
  );

  it(
    "starts again after the server and its database were all killed with -9, with every acknowledged request",
    async () => {
      const server = await startServer({}, dataDir);
      const response = await fetch(`${server.url}/quote/send`, {
        method: "POST",
        body: quoteForm(validQuote),
        headers: { origin: server.url },
      });
      const reference = (await response.text()).match(/Q-\d{6}-[0-9A-Z]{5}/)?.[0];
      expect(reference).toBeTruthy();
      const postgres = Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
      // Everything at once, as a power cut or an OOM kill of the container would.
      process.kill(postgres, "SIGKILL");
      await server.stop("SIGKILL");
      expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(true);

      const again = await startServer({ LOG_LEVEL: "info" }, dataDir);
      try {
        const found = execFileSync(nodeBin, ["scripts/quotes.ts", "show", reference ?? ""], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production", LOG_LEVEL: "warn" },
          encoding: "utf8",
        });
        expect(found).toContain(validQuote.customerName);
      } finally {
        await again.stop();
      }
    },
    setupTimeoutMs * 3,
  );
});
