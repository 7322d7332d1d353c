import { createHash } from "node:crypto";
import type { drizzleAdapter } from "@better-auth/drizzle-adapter";

type DBAdapter = ReturnType<ReturnType<typeof drizzleAdapter>>;

/**
 * Session tokens are stored hashed: a copy of the database holds no working session. The library looks
 * sessions up by the token from the cookie, so every `token` it writes or asks about passes through the
 * hash here, and a record read back carries the token it was asked for. Even a stored hash is hashed
 * again when asked about, so a value copied from the database never matches.
 */
export function hashSessionToken(token: string) {
  return `sha256:${createHash("sha256").update(token).digest("base64url")}`;
}

type Where = { field: string; value: unknown };
type Tokens = Map<string, string>;

function hashWhere<W extends Where>(where: W[] | undefined, tokens: Tokens) {
  const hashed = (value: unknown) => {
    if (typeof value !== "string") return value;
    const hash = hashSessionToken(value);
    tokens.set(hash, value);
    return hash;
  };
  return where?.map((clause) =>
    clause.field !== "token"
      ? clause
      : { ...clause, value: Array.isArray(clause.value) ? clause.value.map(hashed) : hashed(clause.value) },
  );
}

function restore<T>(record: T, tokens: Tokens): T {
  const token = (record as { token?: unknown } | null)?.token;
  return typeof token === "string" && tokens.has(token) ? { ...record, token: tokens.get(token) } : record;
}

// biome-ignore lint/suspicious/noExplicitAny: the adapter's methods are generic over every model
type AnyArgs = any;

/** Wraps a database adapter (and the adapters of its transactions) so session tokens are stored hashed. */
export function withHashedSessionTokens<A extends Omit<DBAdapter, "transaction">>(adapter: A): A {
  const sessions = (args: { model: string }) => args.model === "session";
  const wrapped = {
    ...adapter,
    async create(args: AnyArgs) {
      if (!sessions(args) || typeof args.data?.token !== "string") return adapter.create(args);
      const tokens: Tokens = new Map([[hashSessionToken(args.data.token), args.data.token]]);
      const created = await adapter.create({
        ...args,
        data: { ...args.data, token: hashSessionToken(args.data.token) },
      });
      return restore(created, tokens);
    },
    async findOne(args: AnyArgs) {
      if (!sessions(args)) return adapter.findOne(args);
      const tokens: Tokens = new Map();
      return restore(await adapter.findOne({ ...args, where: hashWhere(args.where, tokens) }), tokens);
    },
    async findMany(args: AnyArgs) {
      if (!sessions(args)) return adapter.findMany(args);
      const tokens: Tokens = new Map();
      const found: unknown[] = await adapter.findMany({ ...args, where: hashWhere(args.where, tokens) });
      return found.map((record) => restore(record, tokens));
    },
    async update(args: AnyArgs) {
      if (!sessions(args)) return adapter.update(args);
      const tokens: Tokens = new Map();
      return restore(await adapter.update({ ...args, where: hashWhere(args.where, tokens) }), tokens);
    },
    updateMany: (args: AnyArgs) =>
      adapter.updateMany(sessions(args) ? { ...args, where: hashWhere(args.where, new Map()) } : args),
    delete: (args: AnyArgs) =>
      adapter.delete(sessions(args) ? { ...args, where: hashWhere(args.where, new Map()) } : args),
    deleteMany: (args: AnyArgs) =>
      adapter.deleteMany(sessions(args) ? { ...args, where: hashWhere(args.where, new Map()) } : args),
    count: (args: AnyArgs) =>
      adapter.count(sessions(args) ? { ...args, where: hashWhere(args.where, new Map()) } : args),
  };
  const outer = adapter as Partial<DBAdapter>;
  if (outer.transaction) {
    const transaction = outer.transaction;
    Object.assign(wrapped, {
      transaction: (callback: (trx: AnyArgs) => Promise<unknown>) =>
        transaction((trx) => callback(withHashedSessionTokens(trx))),
    });
  }
  return wrapped as A;
}
