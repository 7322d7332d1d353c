import type { TestProject } from "vitest/node";
import { startPostgres } from "#test/pg.ts";

declare module "vitest" {
  export interface ProvidedContext {
    embeddedPostgresUrl: string;
  }
}

/**
 * One embedded PostgreSQL server for the whole run, each suite on a database of its own: creating and
 * starting a cluster per file cost each of the thirty-odd database suites seconds of CPU on two cores.
 */
export default async function startSharedPostgres(project: TestProject) {
  const server = await startPostgres("embedded");
  project.provide("embeddedPostgresUrl", server.url);
  return () => server.stop();
}
