import { argon2, randomBytes, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { verifyPassword as verifyLegacyScrypt } from "better-auth/crypto";

const argon2Async = promisify(argon2);

/** OWASP's password storage cheat sheet: argon2id with 19 MiB of memory, 2 passes, 1 lane. */
const current = { memory: 19 * 1024, passes: 2, parallelism: 1 } as const;
const tagLength = 32;

type Params = { memory: number; passes: number; parallelism: number };

const b64 = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");

function derive(password: string, nonce: Buffer, params: Params) {
  return argon2Async("argon2id", { message: password.normalize("NFKC"), nonce, tagLength, ...params });
}

/** A PHC string: `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`. */
export async function hashPassword(password: string) {
  const nonce = randomBytes(16);
  const tag = await derive(password, nonce, current);
  return `$argon2id$v=19$m=${current.memory},t=${current.passes},p=${current.parallelism}$${b64(nonce)}$${b64(tag)}`;
}

function parsePhc(hash: string) {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(hash);
  if (!match) return undefined;
  const [, m, t, p, salt, tag] = match as unknown as [string, string, string, string, string, string];
  const params = { memory: Number(m), passes: Number(t), parallelism: Number(p) };
  return { params, nonce: Buffer.from(salt, "base64"), tag: Buffer.from(tag, "base64") };
}

/** Checks argon2id hashes, and the scrypt hashes accounts made before it carry until they are rehashed. */
export async function verifyPassword({ hash, password }: { hash: string; password: string }) {
  const phc = parsePhc(hash);
  if (!phc) return verifyLegacyScrypt({ hash, password });
  const tag = await derive(password, phc.nonce, phc.params);
  return tag.length === phc.tag.length && timingSafeEqual(tag, phc.tag);
}

/** True when a stored hash is not argon2id with today's parameters: rehash it at the next sign-in. */
export function needsRehash(hash: string) {
  const phc = parsePhc(hash);
  return (
    !phc ||
    phc.params.memory !== current.memory ||
    phc.params.passes !== current.passes ||
    phc.params.parallelism !== current.parallelism
  );
}
