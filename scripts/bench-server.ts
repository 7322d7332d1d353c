// Server throughput: our server against nginx on the same prerendered files, in the same run. For each
// target, autocannon holds 50 connections for 10 s against one server and then the other, 3 rounds
// alternating; prints the medians, the ratio to nginx and p99, and the CPU time each server spent per request
// (from /proc): on a busy shared machine wall-clock rates swing with the neighbours, CPU per request does not.
//
// Both send the gzip copies the build made (nginx's built-in gzip_static; brotli needs an extra nginx module),
// both log no requests (our LOG_LEVEL=warn, nginx access_log off), and nginx runs one worker, as our server
// is one process. nginx: `apt-get install nginx` (Debian), or set NGINX=/path/to/nginx; without it only our
// server is measured.
//
// `npm run bench:server` (builds first); `node scripts/bench-server.ts --write` records the table in
// docs/performance.md. Env: BENCH_CONNECTIONS (50), BENCH_SECONDS (10), BENCH_ROUNDS (3),
// BENCH_PORT (3813: ours, +1: nginx), NGINX_WORKERS (1).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startServer } from "#test/server.ts";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const basePort = Number(process.env.BENCH_PORT ?? 3813);
const nginxBin = process.env.NGINX ?? ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].find((bin) => fs.existsSync(bin));

const assets = fs.readdirSync("build/client/assets");
const script = assets.find((name) => name.startsWith("entry.client") && name.endsWith(".js"));
const stylesheet = assets.find((name) => name.endsWith(".css"));
const targets = [
  ["prerendered page /products", "/products"],
  ["hashed stylesheet", `/assets/${stylesheet}`],
  ["hashed script (the shared chunk)", `/assets/${script}`],
] as const;

/** nginx serving build/client the way our server does: clean page URLs, gzip copies, a year for assets. */
async function startNginx(port: number) {
  if (!nginxBin) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  const root = path.resolve("build/client");
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes ${process.env.NGINX_WORKERS ?? 1};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    gzip_static on;
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location / { add_header Cache-Control "no-cache"; try_files $uri/index.html $uri =404; }
  }
}
`,
  );
  const child: ChildProcess = spawn(nginxBin, ["-c", path.join(dir, "nginx.conf"), "-p", dir], { stdio: "inherit" });
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/products`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const version = spawnSync(nginxBin, ["-v"], { encoding: "utf8" }).stderr.trim();
  return {
    url: `http://127.0.0.1:${port}`,
    version: version || "nginx",
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGQUIT");
      }),
  };
}

/** CPU seconds (user + system) a process and its children have used so far: robust to a busy machine. */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const children = (() => {
    try {
      return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    } catch {
      return [];
    }
  })();
  const own = (() => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return Number.NaN;
    }
  })();
  // A child that has already exited counts as nothing.
  return own + children.reduce((sum, child) => sum + (cpuSeconds(Number(child)) || 0), 0);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function load(url: string, pid: number | undefined) {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ url, connections, duration, headers: { "accept-encoding": "gzip" } });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpuMsPerRequest = ((cpuSeconds(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpu: cpuMsPerRequest };
}

const ours = await startServer({}, undefined, { port: basePort });
const nginx = await startNginx(basePort + 1).catch(async (error) => {
  await ours.stop();
  throw error;
});
if (!nginx) console.log("nginx is not installed (apt-get install nginx): measuring our server only.");
const lines: string[] = [];
try {
  for (const [label, target] of targets) {
    type Sample = { rps: number; p50: number; p99: number; cpu: number };
    const samples: Record<"ours" | "nginx", Sample[]> = { ours: [], nginx: [] };
    for (let round = 0; round < rounds; round++) {
      samples.ours.push(await load(`${ours.url}${target}`, ours.child.pid));
      if (nginx) samples.nginx.push(await load(`${nginx.url}${target}`, nginx.pid));
    }
    const summary = (list: Sample[]) => ({
      rps: median(list.map((s) => s.rps)),
      p50: median(list.map((s) => s.p50)),
      p99: median(list.map((s) => s.p99)),
      cpu: median(list.map((s) => s.cpu)),
    });
    const o = summary(samples.ours);
    let line = `| ${label} | ${Math.round(o.rps).toLocaleString("en-GB")} | ${o.p50} ms | ${o.p99} ms | ${(o.cpu * 1000).toFixed(0)} µs |`;
    if (nginx) {
      const n = summary(samples.nginx);
      line += ` ${Math.round(n.rps).toLocaleString("en-GB")} | ${n.p99} ms | ${(n.cpu * 1000).toFixed(0)} µs | ${(o.rps / n.rps).toFixed(2)}× | ${(n.cpu / o.cpu).toFixed(2)}× |`;
    } else line += " — | — | — | — | — |";
    lines.push(line);
    console.log(line);
  }
} finally {
  await ours.stop();
  await nginx?.stop();
}
const conditions = `${connections} connections, ${duration} s per measurement, median of ${rounds} alternating rounds, gzip accepted, ${os.cpus().length} cores, load average ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(" ")}; ${nginx?.version ?? "no nginx"}, ${process.env.NGINX_WORKERS ?? 1} worker`;
const table = [
  "| Target | Ours req/s | p50 | p99 | CPU per request | nginx req/s | nginx p99 | nginx CPU per request | req/s ratio | CPU ratio (nginx / ours) |",
  "|---|---|---|---|---|---|---|---|---|---|",
  ...lines,
].join("\n");
console.log(`\n${conditions}:\n\n${table}`);
if (process.argv.includes("--write")) {
  const doc = "docs/performance.md";
  const [before, , after = ""] = fs.readFileSync(doc, "utf8").split("<!-- server -->");
  fs.writeFileSync(doc, `${before}<!-- server -->\n${conditions}:\n\n${table}\n<!-- server -->${after}`);
}
