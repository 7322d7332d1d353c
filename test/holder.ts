import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import path from "node:path";

import { nodeBin } from "#test/node.ts";

const clientModule = path.resolve("db/client.server.ts");

// Opens the embedded database in a separate process, as the server does, reports, and holds it until
// stdin closes.
const holderSource = `
const { openDatabase } = await import(process.argv[1]);
try {
  const database = await openDatabase({ dataDir: process.argv[2] });
  console.log("ready");
  process.stdin.on("end", async () => { await database.close(); process.exit(0); });
  process.stdin.resume();
} catch (error) {
  console.log(JSON.stringify({ name: error.name, message: error.message }));
  process.exit(3);
}
`;

function readLine(child: ChildProcessWithoutNullStreams) {
  return new Promise<string>((resolve, reject) => {
    let output = "";
    let errors = "";
    child.stderr.on("data", (chunk) => {
      errors += chunk;
    });
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (output.includes("\n")) resolve(output.trim());
    });
    child.on("exit", (code) => reject(new Error(`The child exited with ${code}: ${output}${errors}`)));
  });
}

function startChild(dataDir: string) {
  const child = spawn(nodeBin, ["--input-type=module", "-e", holderSource, clientModule, dataDir]);
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  return { child, exited, firstLine: readLine(child) };
}

/** A second process that opens dataDir and keeps it open until release() (or is killed). */
export async function holdDatabaseInChild(dataDir: string) {
  const { child, exited, firstLine } = startChild(dataDir);
  const line = await firstLine;
  if (line !== "ready") throw new Error(`The child could not open the database: ${line}`);
  return {
    pid: child.pid as number,
    async release() {
      child.stdin.end();
      await exited;
    },
    async kill() {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Whether another process can open dataDir, and the error it got if not. */
export async function openInChild(dataDir: string) {
  const { child, exited, firstLine } = startChild(dataDir);
  const line = await firstLine;
  child.stdin.end();
  await exited;
  if (line === "ready") return { opened: true as const };
  return { opened: false as const, ...(JSON.parse(line) as { name: string; message: string }) };
}
