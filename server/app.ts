import path from "node:path";
import * as serverBuild from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import { sql } from "drizzle-orm";
import express, { type Express } from "express";
import { rateLimit } from "express-rate-limit";
import type { Logger } from "pino";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { announceFirstRun } from "#app/desk/account/setup.server.ts";
import { clientAddressContext, nonceContext, servicesContext } from "#app/lib/context.ts";
import { getConfig } from "#app/lib/env.server.ts";
import { errorSummary, getLogger } from "#app/lib/logger.server.ts";
import { pageUrls } from "#app/pages.ts";
import { issueFormToken } from "#app/quote/form-token.server.ts";
import { FORM_TOKEN_PATH } from "#app/quote/use-form-token.ts";
import type { Db } from "#db/types.ts";
import { PostgresStore } from "#server/limit-store.server.ts";
import {
  allowedRequests,
  errorResponses,
  limitBody,
  minimumBodyRate,
  nonce,
  requestLog,
  sameOriginPosts,
  securityHeaders,
  servedHosts,
  siteOrigins,
  wellFormedHost,
} from "#server/middleware.ts";
import { canonicalPaths, precompressed, prerenderedPages, readPrerenderedPages } from "#server/pages.ts";
import { closeProcessServices, getServices, type Services } from "#server/services.server.ts";

// Prerendering at build time loads this bundle as the React Router server build.
export * from "virtual:react-router/server-build";
export { BODY_LIMIT_BYTES } from "#server/middleware.ts";

const clientDir = path.resolve(import.meta.dirname, "../client");

export type AppOptions = {
  /** Development: Vite serves the scripts and renders every page; nothing is read from build/. */
  development?: boolean;
  /** Tests may hand in their own database and workers; otherwise the process's are opened. */
  services?: Services;
};

const deskAuthPaths = [
  "/desk/sign-in",
  "/desk/forgot-password",
  "/desk/reset-password",
  "/desk/setup",
  "/desk/welcome",
];

/** Health for load balancers, and a fresh form token for the quote form. */
function serviceRoutes(app: Express, services: Services) {
  app.get("/healthz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      await services.database.db.execute(sql`select 1`);
      res.json({ status: "ok" });
    } catch {
      res.status(503).json({ status: "unavailable" });
    }
  });

  app.get(FORM_TOKEN_PATH, (_req, res) => {
    res.set("Cache-Control", "no-store").json({ token: issueFormToken(services.formTokenSecret) });
  });
}

/** Hashed assets cached for a year; other build files (icons, page data) briefly. */
function serveBuildFiles(app: Express) {
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      redirect: false,
      fallthrough: false,
    }),
  );
  const staticFiles = express.static(clientDir, {
    index: false,
    redirect: false,
    setHeaders(res, file) {
      // Page data stays fresh for 10 s, so what a link prefetched on intent serves the tap that follows.
      res.setHeader("Cache-Control", file.endsWith(".data") ? "max-age=10" : "public, max-age=86400");
    },
  });
  // Pages are only ever answered by their clean URL (raw index.html paths were redirected above).
  app.use((req, res, next) => (/\.html(\.br|\.gz)?$/.test(req.path) ? next() : staticFiles(req, res, next)));
}

/**
 * Every client: 300 requests a minute. Sign-in, password resets and the first-run setup: a few honest tries a
 * minute, far too few to guess with. Counted in PostgreSQL, so every server process shares the counts; were
 * the database to fail, requests pass (they would fail at the database anyway) and the fault is logged.
 */
function rateLimits(app: Express, db: Db, deskAuthRateLimit: number, logger: Logger) {
  const shared = (prefix: string) => ({
    store: new PostgresStore({ db, prefix }),
    passOnStoreError: true,
    logger: {
      error: (error: unknown) => logger.error({ error: errorSummary(error) }, "rate limit count failed"),
      warn: (error: unknown) => logger.warn({ error: errorSummary(error) }, "rate limit"),
    },
    windowMs: 60_000,
    standardHeaders: "draft-8" as const,
    legacyHeaders: false,
  });
  app.use(
    rateLimit({
      ...shared("general"),
      limit: 300,
      message: "429: Too many requests. Please wait a minute and try again.",
    }),
  );
  app.post(
    deskAuthPaths.flatMap((path) => [path, `${path}.data`]),
    rateLimit({
      ...shared("desk-auth"),
      limit: deskAuthRateLimit,
      message: "429: Too many attempts from your address. Please wait a minute and try again.",
    }),
  );
  // A quotation's answers online: more than a buyer ever sends, too few to try tokens with. The router takes
  // any case and a trailing slash for the same page, so the limit does too.
  app.post(
    /^\/q\/[^/]+\/?$/i,
    rateLimit({
      ...shared("quotation-answer"),
      limit: quotationAnswerRateLimit,
      message: "429: Too many answers from your address. Please wait a minute and try again.",
    }),
  );
}

/** Posts a minute per client to a quotation's page online (/q/<token>, and its .data twin). */
export const quotationAnswerRateLimit = 10;

/** The whole site as one Express app: the same middleware in development and production. */
export async function createApp(options: AppOptions = {}) {
  const config = getConfig();
  const logger = getLogger();
  // Opening the store at boot applies migrations and takes the embedded database's lock before serving.
  const services = options.services ?? (await getServices());
  await announceFirstRun(services.database.db, config.siteUrl, logger);
  const app = express();
  app.disable("x-powered-by");
  // Whose X-Forwarded-For names the client (TRUST_PROXY): the rate limits count by that address.
  app.set("trust proxy", config.trustProxy);

  app.use(nonce);
  app.use(requestLog(logger));
  app.use(securityHeaders(config.siteUrl, { development: options.development }));
  app.use(wellFormedHost(config.siteUrl));
  const site = siteOrigins(config.siteUrl, config.extraOrigins);
  // Development may be opened by any name (a phone on the LAN); production answers only the site's own.
  if (!options.development) app.use(servedHosts(site));
  app.use(minimumBodyRate(config.http.minimumBodyRate));
  app.use(allowedRequests);
  if (!options.development) {
    // Pages and hashed assets compressed at build, answered from memory ahead of per-response compression.
    app.use("/assets", precompressed(path.join(clientDir, "assets")));
    app.use(prerenderedPages(readPrerenderedPages(clientDir)));
  }
  app.use(compression());

  serviceRoutes(app, services);

  app.use(canonicalPaths(pageUrls));
  if (!options.development) serveBuildFiles(app);

  rateLimits(app, services.database.db, config.deskAuthRateLimit, logger);
  app.use(limitBody);
  app.use(sameOriginPosts(site));

  app.use(
    createRequestHandler({
      build: { ...(serverBuild as ServerBuild), allowedActionOrigins: site.hosts },
      mode: options.development ? "development" : "production",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(nonceContext, res.locals.nonce);
        context.set(clientAddressContext, req.ip);
        context.set(servicesContext, services);
        return context;
      },
    }),
  );
  app.use(errorResponses(logger));

  return { app, config, logger, services };
}

/** Closes what the process opened for serving: the notification worker, then the database. */
export const closeApp = closeProcessServices;
