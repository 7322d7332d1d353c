import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, nodeBin } from "#test/node.ts";

export type RunningServer = {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** The production server's environment in tests: loopback, the embedded database, no mail server. */
export function serverEnv(port: number, dataDir: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: "http://localhost:3000",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SMTP_URL: "",
    DATABASE_URL: "",
    ...env,
  };
}

/**
 * Starts the production build (`node server/index.js`) on a free loopback port and waits for /healthz.
 * Benchmarks may name the port and another copy of the server (`entry`).
 */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
  options: {
    port?: number;
    entry?: string /** A command the server runs under, such as strace. */;
    wrapper?: string[];
  } = {},
): Promise<RunningServer> {
  if (!fs.existsSync("build/server/index.js")) throw new Error("No build: run `npm run build` first.");
  const port = options.port ?? (await freePort());
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "mro-test-"));
  const url = `http://localhost:${port}`;
  // A named port must be free: otherwise a server left running there would answer the health check instead.
  if (
    options.port &&
    (await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    ))
  ) {
    throw new Error(`Port ${port} is already serving: stop that server first.`);
  }
  const [command, ...args] = [...(options.wrapper ?? []), nodeBin, options.entry ?? "server/index.js"];
  const child = spawn(command ?? nodeBin, args, { env: serverEnv(port, dir, env), stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout?.on("data", (chunk) => {
    log += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    log += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // Generous: a loaded CI machine can take most of a minute to open a fresh embedded database.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${log}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Server did not become healthy:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dataDir: dir,
    child,
    output: () => log,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export function quoteForm(fields: Record<string, string>) {
  return new URLSearchParams({ formToken: `t${Math.random().toString(36).slice(2, 12)}`, ...fields });
}

export const validQuote = {
  customerName: "Sam Fitter",
  email: "sam@plant.example",
  requirements: "2 x 6205-2RS C3 deep groove ball bearings",
  urgency: "standard",
};
