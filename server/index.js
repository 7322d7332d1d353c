// Boots the production server from the build: `npm start` (which builds first if needed).
const { start } = await import("../build/server/index.js");

let service;
try {
  service = await start();
} catch (error) {
  console.error(error instanceof Error && error.name === "ConfigError" ? error.message : error);
  process.exit(1);
}

const { app, config, logger, close } = service;
const server = app.listen(config.port, config.host, () => {
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
