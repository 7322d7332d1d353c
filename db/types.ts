import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/** The database as app code sees it: the embedded PostgreSQL or DATABASE_URL's, opened by db/client.server.ts. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction of Db, for functions that must run inside one the caller opened. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
