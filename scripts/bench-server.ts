// Server throughput: a prerendered page, a hashed asset and /healthz, 10 s each at 50 connections.
import fs from "node:fs";
import autocannon from "autocannon";
import { startServer } from "../test/server.ts";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const asset = fs.readdirSync("build/client/assets").find((name) => name.startsWith("entry.client"));
const server = await startServer();

try {
  for (const [label, path] of [
    ["prerendered page /products", "/products"],
    [`hashed asset /assets/${asset}`, `/assets/${asset}`],
    ["health check /healthz", "/healthz"],
  ] as const) {
    const result = await autocannon({
      url: `${server.url}${path}`,
      connections,
      duration,
      headers: { "accept-encoding": "br, gzip" },
    });
    console.log(
      `${label}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
    );
  }
} finally {
  await server.stop();
}
