// How long the production server takes from launch to answering /healthz: on an empty DATA_DIR (the
// database created and migrated) and on one already in use; and its memory at idle.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { processTreeMemory } from "#scripts/process-memory.ts";
import { startServer } from "#test/server.ts";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timedStart(dataDir: string) {
  const started = performance.now();
  const server = await startServer({}, dataDir);
  return { server, seconds: (performance.now() - started) / 1000 };
}

const first: number[] = [];
const warm: number[] = [];
const dirs: string[] = [];
let idle: ReturnType<typeof processTreeMemory> | undefined;
try {
  for (let i = 0; i < runs; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-bench-start-"));
    dirs.push(dataDir);
    const cold = await timedStart(dataDir);
    first.push(cold.seconds);
    await cold.server.stop();
    const again = await timedStart(dataDir);
    warm.push(again.seconds);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    idle = processTreeMemory(again.server.child.pid ?? 0);
    await again.server.stop();
  }
} finally {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}
const list = (values: number[]) => values.map((v) => v.toFixed(2)).join(", ");
console.log(`first start (empty DATA_DIR): median ${median(first).toFixed(2)} s (${list(first)})`);
console.log(`warm start:                   median ${median(warm).toFixed(2)} s (${list(warm)})`);
if (idle) {
  console.log(
    `idle after a warm start: server RSS ${idle.serverRss.toFixed(0)} MB, server and database PSS ${idle.treePss.toFixed(0)} MB (${idle.processes} processes)`,
  );
}
