// Starts the site: `npm start` (production build) or `npm run dev` (the same Express app, with Vite in
// middleware mode rendering from source and reloading on change).
import express from "express";

const development = process.env.NODE_ENV !== "production";

async function load() {
  if (!development) {
    const built = await import("../build/server/index.js").catch((error) => {
      if (error?.code !== "ERR_MODULE_NOT_FOUND") throw error;
      console.error("There is no production build yet: run `npm run build`, then `npm start`.");
      process.exit(1);
    });
    const service = await built.createApp();
    return { ...service, handler: service.app, close: built.closeApp };
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
  console.error(error instanceof Error && error.name === "ConfigError" ? error.message : error);
  process.exit(1);
}

const { handler, config, logger, close } = service;
const server = handler.listen(config.port, config.host, () => {
  logger.info({ port: config.port, host: config.host }, `serving on http://localhost:${config.port}`);
});
server.on("error", (error) => {
  logger.fatal({ err: error }, "could not start the server");
  process.exit(1);
});

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close();
  server.closeIdleConnections();
  await close();
  process.exit(0);
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
