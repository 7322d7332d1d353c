import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, onTestFinished } from "vitest";
import type { RunningServer } from "#test/server.ts";

/** Every process below `root` (the embedded PostgreSQL's supervisor, postmaster and backends), from /proc. */
function descendants(root: number) {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    // "pid (name) state ppid ...": the name may hold spaces and parentheses.
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      walk(child);
      found.push(child);
    }
  };
  walk(root);
  return found;
}

const commandOf = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] ?? "";
  } catch {
    return "";
  }
};

/** Whether the process runs: neither gone nor a zombie left for its parent to reap. */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !fs.readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z ");
  } catch {
    return false;
  }
};

/**
 * The machine crashes under the server: the server and everything it started (the embedded PostgreSQL's
 * postmaster and every backend among them) are frozen at one moment, the database first, and then killed,
 * so PostgreSQL never shuts down cleanly and recovers from its write-ahead log on the next start.
 * Resolves with the commands of the processes killed once they are all gone.
 */
export async function crash(server: RunningServer) {
  const pid = server.child.pid;
  if (pid === undefined) throw new Error("The server has no process");
  const postmaster = Number(
    fs.readFileSync(path.join(server.dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0],
  );
  const below = descendants(pid);
  if (!below.includes(postmaster)) throw new Error(`PostgreSQL ${postmaster} is not the server's`);
  const all = [...below, pid];
  const commands = all.map(commandOf);
  for (const signal of ["SIGSTOP", "SIGKILL"] as const) {
    for (const each of all) {
      try {
        process.kill(each, signal);
      } catch {}
    }
  }
  await server.stop("SIGKILL");
  const deadline = Date.now() + 10_000;
  while (all.some(alive)) {
    if (Date.now() > deadline) throw new Error("Processes outlived SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return commands;
}

/** How many times the embedded PostgreSQL of a DATA_DIR has started after a crash (it recovered from its log). */
export function crashRecoveries(dataDir: string) {
  const log = fs.readFileSync(path.join(dataDir, "postgres", "log", "postgres.log"), "utf8");
  return log.match(/database system was not properly shut down; automatic recovery in progress/g)?.length ?? 0;
}

/**
 * A process whose command line is `command` (bash's exec -a) for `seconds`, killed when the test finishes.
 * Resolves once bash has run exec: until then the child is a copy of this Node process.
 */
export async function standIn(command: string, seconds: number) {
  const child = spawn("bash", ["-c", `exec -a ${command} sleep ${seconds}`], { stdio: "ignore" });
  onTestFinished(() => {
    child.kill("SIGKILL");
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error("bash did not start");
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await expect.poll(() => commandOf(pid)).toBe(command);
  return { pid, exited };
}
