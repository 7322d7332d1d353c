// Load test for quote submissions against the production build: 50 concurrent connections, 10 s for each
// way a browser sends the form (the page's script, and a plain form post without JavaScript).
import autocannon from "autocannon";
import { startServer, validQuote } from "../test/server.ts";

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

try {
  await run("quote submissions with JavaScript (POST /_.data?index)", "/_.data?index");
  await run("quote submissions without JavaScript (POST /?index, full page)", "/?index");
} finally {
  await server.stop();
}
if (failed) process.exitCode = 1;
