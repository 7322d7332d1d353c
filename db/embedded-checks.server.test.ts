import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, it, onTestFinished } from "vitest";
import { removeStaleLocks, startFailure } from "#db/embedded-checks.server.ts";
import { standIn } from "#test/crash.ts";
import { tempFolder } from "#test/temp-folder.ts";

function pathsWithLog(log: string) {
  const dataDir = tempFolder("mro-start-failure-");
  const clusterDir = path.join(dataDir, "postgres");
  const logFile = path.join(clusterDir, "log", "postgres.log");
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  fs.writeFileSync(logFile, log);
  return { dataDir, clusterDir, passwordFile: path.join(dataDir, "postgres-password"), logFile };
}

it("names the new server's own reason, not the last line a server shutting down beside it wrote", () => {
  const paths = pathsWithLog(
    [
      "2026-11-27 02:00:00.100 UTC [4100] LOG:  starting PostgreSQL 18.0 on x86_64-pc-linux-gnu",
      '2026-11-27 02:00:00.101 UTC [4100] FATAL:  lock file ".s.PGSQL.5432.lock" already exists',
      "2026-11-27 02:00:00.101 UTC [4100] HINT:  Is another postmaster (PID 3900) using socket file?",
      "2026-11-27 02:00:00.102 UTC [3900] LOG:  database system is shut down",
      "",
    ].join("\n"),
  );
  expect(startFailure(paths, 0).message).toBe(
    `The database did not start: FATAL:  lock file ".s.PGSQL.5432.lock" already exists (log: ${paths.logFile}).`,
  );
});

it("reads only what was written since this start, and falls back to the last line without a FATAL", () => {
  const earlier = "2026-11-27 01:00:00.000 UTC [3000] FATAL:  an old start's failure\n";
  const paths = pathsWithLog(`${earlier}2026-11-27 02:00:00.000 UTC [4100] LOG:  could not bind Unix address\n`);
  expect(startFailure(paths, earlier.length).message).toBe(
    `The database did not start: LOG:  could not bind Unix address (log: ${paths.logFile}).`,
  );
});

/** A zombie: a child that has exited, under a parent that never reaps it (as after a crash, until init does). */
async function zombie() {
  const parent = spawn("sh", ["-c", "sleep 0 & echo $!; exec sleep 5"], { stdio: ["ignore", "pipe", "ignore"] });
  onTestFinished(() => {
    parent.kill("SIGKILL");
  });
  const pid = Number(
    await new Promise<string>((resolve) => parent.stdout.once("data", (chunk) => resolve(String(chunk)))),
  );
  await expect.poll(() => fs.readFileSync(`/proc/${pid}/stat`, "utf8")).toContain(") Z ");
  return pid;
}

function clusterWithLocks(pid: number) {
  const clusterDir = tempFolder("mro-stale-locks-");
  const locks = ["postmaster.pid", ".s.PGSQL.5432.lock"].map((name) => path.join(clusterDir, name));
  for (const lock of locks) fs.writeFileSync(lock, `${pid}\n${clusterDir}\n`);
  return locks;
}

it("clears the lock files of a postmaster killed with its server, even while it is an unreaped zombie", async () => {
  // PostgreSQL's own check takes a zombie for a running postmaster and refuses: "lock file … already exists".
  for (const pid of [await zombie(), (await standIn("node", 5)).pid, 2 ** 22 + 12_345]) {
    const locks = clusterWithLocks(pid);
    removeStaleLocks(path.dirname(locks[0] ?? ""));
    expect(
      locks.filter((lock) => fs.existsSync(lock)),
      `pid ${pid}`,
    ).toEqual([]);
  }
});

it("keeps the lock files of a PostgreSQL that is running", async () => {
  const locks = clusterWithLocks((await standIn("postgres", 5)).pid);
  removeStaleLocks(path.dirname(locks[0] ?? ""));
  expect(locks.filter((lock) => fs.existsSync(lock))).toEqual(locks);
});
