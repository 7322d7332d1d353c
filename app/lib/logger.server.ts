import { pino } from "pino";
import { getConfig } from "./env.server.ts";

let logger: pino.Logger | undefined;

/** The process's one structured logger. */
export function getLogger() {
  logger ??= pino({ level: getConfig().logLevel, base: undefined });
  return logger;
}
