import { pino } from "pino";
import { getConfig } from "#app/lib/env.server.ts";

let logger: pino.Logger | undefined;

type LogFn = (fields: Record<string, unknown>, message: string) => void;
/** What the background workers log through (pino fits; tests pass a recorder): references and counts, never personal data. */
export type WorkerLogger = { info: LogFn; warn: LogFn; error: LogFn };

/** The process's one structured logger. */
export function getLogger() {
  logger ??= pino({ level: getConfig().logLevel, base: undefined });
  return logger;
}

/**
 * What may be logged of an error: its class, code and where it was thrown, never its message, which can
 * quote personal data (a database error repeats the values of the failed query).
 */
export function errorSummary(error: unknown) {
  if (!(error instanceof Error)) return { type: typeof error };
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code = (error as NodeJS.ErrnoException).code ?? (cause as NodeJS.ErrnoException | undefined)?.code;
  const frames = error.stack?.split("\n").filter((line) => /^\s+at /.test(line));
  return {
    type: error.name,
    ...(code ? { code: String(code) } : {}),
    ...(cause ? { cause: cause.name } : {}),
    ...(frames?.length ? { at: frames.slice(0, 5).map((line) => line.trim()) } : {}),
  };
}
