// Starts the site: `npm start` (production build) or `npm run dev` (the same Express app, with Vite in
// middleware mode rendering from source and reloading on change).
import "#scripts/node-version.js";
import http from "node:http";
import net from "node:net";
import express from "express";

const development = process.env.NODE_ENV !== "production";

async function load() {
  if (!development) {
    const built = await import("#build/server/index.js").catch((error) => {
      if (error?.code !== "ERR_MODULE_NOT_FOUND") throw error;
      console.error("There is no production build yet: run `npm run build`, then `npm start`.");
      process.exit(1);
    });
    const service = await built.createApp();
    return { ...service, handler: service.app, close: built.closeApp };
  }
  // Vite renders with React Router's development build; without `npm run dev`'s --conditions=development,
  // Node would load the production copy beside it and every page would answer 500.
  if (!import.meta.resolve("react-router").includes("/development/")) {
    console.error("Development mode starts with `npm run dev`; to serve the production build, use `npm start`.");
    process.exit(1);
  }
  const vite = await import("vite").then(({ createServer }) =>
    createServer({ server: { middlewareMode: true }, appType: "custom" }),
  );
  const loadModule = () => vite.ssrLoadModule("./server/app.ts");
  // The module is reloaded when its sources change; the app it builds is made once per version of it.
  const apps = new WeakMap();
  const appOf = async () => {
    const module = await loadModule();
    if (!apps.has(module)) apps.set(module, module.createApp({ development: true }));
    return apps.get(module);
  };
  const first = await appOf();
  const outer = express();
  outer.disable("x-powered-by");
  outer.use(vite.middlewares);
  outer.use(async (req, res, next) => {
    try {
      const { app } = await appOf();
      app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
  return {
    ...first,
    handler: outer,
    async close() {
      const module = await loadModule();
      await module.closeApp();
      await vite.close();
    },
  };
}

let service;
try {
  service = await load();
} catch (error) {
  // Configuration and database faults explain themselves in one line; anything else is a bug to trace.
  const explained = error instanceof Error && (error.name === "ConfigError" || error.name === "DatabaseStartError");
  console.error(explained ? error.message : error);
  process.exit(1);
}

const { handler, config, logger, close } = service;
const limits = config.http;
let stopping = false;

// Which connections rest between requests (keep-alive), so shutdown closes those and only those.
const connections = new Set();
const busy = Symbol("busy");
const served = Symbol("served");

const server = http.createServer(
  {
    // A body trickling in, or headers never finished, no longer hold a connection for Node's 5 minutes.
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node checks those timeouts on this interval (30 s by default, which would let them run over).
    connectionsCheckingInterval: 1000,
  },
  (req, res) => {
    req.socket[busy] = true;
    res.once("close", () => {
      req.socket[busy] = false;
      req.socket[served] = true;
      // An answer begun before the signal may have promised keep-alive: end its connection once it is sent.
      if (stopping) req.socket.end();
    });
    if (stopping) {
      // Draining: answer what arrives on open connections, but have every client reconnect elsewhere.
      res.setHeader("Connection", "close");
      if (req.url === "/healthz") {
        res.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "no-store" });
        res.end('{"status":"stopping"}');
        return;
      }
    }
    handler(req, res);
  },
);
server.maxConnections = limits.maxConnections;
server.on("connection", (socket) => {
  connections.add(socket);
  socket.once("close", () => connections.delete(socket));
});
// Node hands CONNECT (proxy tunnels) to this event rather than to the app; we are no proxy.
server.on("connect", (_req, socket) => {
  socket.end(
    "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
  );
});
server.listen(config.port, config.host, () => {
  logger.info({ port: config.port, host: config.host }, `serving on http://localhost:${config.port}`);
});
server.on("error", (error) => {
  if (error.code === "EADDRINUSE" || error.code === "EACCES") {
    const why = error.code === "EADDRINUSE" ? "is taken by another program" : "may not be used by this user";
    logger.fatal(`port ${config.port} ${why}: stop that program or set PORT to another port`);
  } else {
    logger.fatal({ err: error }, "could not start the server");
  }
  // Exiting closes the database's pipe, which stops the embedded PostgreSQL cleanly.
  process.exit(1);
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * Stops in the order that loses nothing: no new connections; requests in flight finish (bounded by
 * SHUTDOWN_TIMEOUT_MS); the notification worker finishes the message it is sending; then the database
 * closes. A request is never answered by a process whose database is already closed.
 */
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down: finishing requests in flight");
  const force = setTimeout(
    () => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    },
    limits.shutdownTimeoutMs * 2 + 5000,
  );
  force.unref();
  // After this turn of the event loop, so connections already waiting to be accepted are taken, not
  // reset. net.Server's close stops listening without http.Server's sweep of "idle" connections, which
  // counts connections whose first request is sent but not read yet (on a busy server) as idle.
  const drained = new Promise((resolve) =>
    setImmediate(() => {
      net.Server.prototype.close.call(server, () => resolve(true));
      // Connections resting between requests close now; answers in flight close theirs when sent.
      for (const socket of connections) if (socket[served] && !socket[busy]) socket.destroy();
    }),
  );
  if (!(await Promise.race([drained, sleep(limits.shutdownTimeoutMs)]))) {
    logger.warn(
      { timeoutMs: limits.shutdownTimeoutMs },
      "requests still running at the shutdown deadline were cut off",
    );
    server.closeAllConnections();
  }
  try {
    await close();
  } catch (error) {
    logger.error({ error: error instanceof Error ? error.name : typeof error }, "could not close cleanly");
    process.exit(1);
  }
  logger.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
