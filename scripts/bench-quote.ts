// Load test for quote submissions against the production build: 50 concurrent connections, 10 s for each
// way a browser sends the form (the page's script, and a plain form post without JavaScript); then
// requests with five 2 MB photos each, 10 at a time, watching the server's peak memory (RSS).
import autocannon from "autocannon";
import sharp from "sharp";
import { processTreeMemory } from "#scripts/process-memory.ts";
import { startServer, validQuote } from "#test/server.ts";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const server = await startServer({ QUOTE_RATE_LIMIT: "10000" });
let n = 0;
let failed = false;

async function run(label: string, path: string) {
  const result = await autocannon({
    url: server.url,
    connections,
    duration,
    requests: [
      {
        method: "POST",
        path,
        setupRequest(request) {
          n++;
          return {
            ...request,
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              origin: server.url,
              "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: new URLSearchParams({
              ...validQuote,
              customerName: `Buyer ${n}`,
              formToken: `bench-${String(n).padStart(8, "0")}`,
            }).toString(),
          };
        },
      },
    ],
  });
  console.log(`${label}: ${connections} concurrent, ${duration} s`);
  console.log(
    `  requests:   ${result.requests.total} (${result["2xx"]} stored, ${result.non2xx} non-2xx, ${result.errors} errors)`,
  );
  console.log(`  throughput: ${result.requests.average.toFixed(1)} req/s`);
  console.log(`  latency:    p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
  if (result.non2xx || result.errors) failed = true;
}

/** Resident memory of the server process (Linux), in MB. */
const rssMb = (pid: number) => processTreeMemory(pid).serverRss;

/** The server and its database, at idle and at their peak while `work` runs. */
async function watchMemory(work: () => Promise<void>) {
  const pid = server.child.pid ?? 0;
  const idle = processTreeMemory(pid);
  let peak = idle;
  const sampler = setInterval(() => {
    const now = processTreeMemory(pid);
    if (now.treePss > peak.treePss) peak = now;
  }, 200);
  await work();
  clearInterval(sampler);
  const show = (m: typeof idle) =>
    `server RSS ${m.serverRss.toFixed(0)} MB, server and database PSS ${m.treePss.toFixed(0)} MB (${m.processes} processes)`;
  console.log(`memory at idle: ${show(idle)}`);
  console.log(`memory at peak: ${show(peak)}`);
}

/** A phone-sized photo of about 2 MB: noise compresses badly, as real photos of real parts do. */
async function photo(seed: number) {
  return sharp({
    create: {
      width: 2000,
      height: 1500,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 100 + seed, sigma: 50 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function runUploads() {
  const uploadConcurrency = Number(process.env.BENCH_UPLOAD_CONCURRENCY ?? 10);
  const total = Number(process.env.BENCH_UPLOADS ?? 50);
  const photos = await Promise.all([1, 2, 3, 4, 5].map(photo));
  const pid = server.child.pid ?? 0;
  const upload = (i: number) => {
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...validQuote, customerName: `Uploader ${i}` }))
      body.append(name, value);
    body.append("formToken", `bench-upload-${String(i).padStart(8, "0")}`);
    photos.forEach((bytes, k) => {
      body.append("attachments", new Blob([bytes], { type: "image/jpeg" }), `photo-${k}.jpg`);
    });
    return fetch(`${server.url}/quote/send`, {
      method: "POST",
      body,
      headers: { origin: server.url, "x-forwarded-for": `10.9.${(i >> 8) & 255}.${i & 255}` },
    });
  };
  // One request first, so that the baseline includes the code that handles uploads (sharp, the sniffer).
  await (await upload(0)).arrayBuffer();
  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  async function client() {
    while (sent < total) {
      const i = ++sent;
      const t = performance.now();
      try {
        const response = await upload(i);
        await response.arrayBuffer();
        if (response.status !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t);
    }
  }
  await Promise.all(Array.from({ length: uploadConcurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  const megabytes = (photos.reduce((sum, bytes) => sum + bytes.length, 0) / 1024 / 1024).toFixed(1);
  console.log(
    `quote requests with 5 photos (${megabytes} MB each request), ${uploadConcurrency} concurrent, ${total} requests`,
  );
  console.log(`  requests:   ${total} (${total - errors} stored, ${errors} failed)`);
  console.log(`  throughput: ${(total / seconds).toFixed(2)} req/s`);
  console.log(`  latency:    p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${Math.round(latencies.at(-1) ?? 0)} ms`);
  console.log(
    `  server RSS: ${baseline.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${(peak - baseline).toFixed(0)} MB)`,
  );
  if (errors > 0 || peak - baseline >= 100) failed = true;
}

try {
  if (process.env.BENCH_ONLY !== "uploads") {
    await watchMemory(async () => {
      await run("quote submissions with JavaScript (POST /_.data?index)", "/_.data?index");
      await run("quote submissions without JavaScript (POST /?index, full page)", "/?index");
    });
  }
  await runUploads();
} finally {
  await server.stop();
}
if (failed) process.exitCode = 1;
