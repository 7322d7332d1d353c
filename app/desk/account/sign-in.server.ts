import { setTimeout as sleep } from "node:timers/promises";
import { isAPIError } from "better-auth/api";
import {
  clearPairFailures,
  reserveSignInAttempt,
  throttleKeys,
  tryAgainIn,
} from "#app/desk/account/throttle.server.ts";
import { type Auth, upgradePasswordHash } from "#app/desk/auth.server.ts";
import type { Db } from "#db/types.ts";

export const wrongCredentials = "That e-mail address and password do not match a desk account.";

export type SignInResult =
  | { ok: true; headers: Headers }
  | { ok: false; status: 401 | 429; message: string; retryAfterSeconds?: number };

/**
 * Checks the password through the library, throttled per account and address together, per address,
 * and slowed per account. A wrong password and an unknown e-mail read, count and cost exactly the same.
 * A session this browser already had is ended: signing in always starts a fresh one.
 */
export async function signIn(
  auth: Auth,
  db: Db,
  input: { email: string; password: string; address: string; salt: string; headers: Headers; now?: Date },
): Promise<SignInResult> {
  const keys = throttleKeys("sign-in", input.email, input.address, input.salt);
  const gate = await reserveSignInAttempt(db, keys, input.now);
  if (gate.refused) {
    return {
      ok: false,
      status: 429,
      retryAfterSeconds: gate.retryAfterSeconds,
      message: `Too many wrong passwords. ${tryAgainIn(gate.retryAfterSeconds)}, or choose a new password with the link below.`,
    };
  }
  const previous = await auth.api.getSession({ headers: input.headers }).catch(() => null);
  try {
    const { headers } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: input.headers,
      returnHeaders: true,
    });
    await clearPairFailures(db, keys);
    await upgradePasswordHash(db, input.email, input.password);
    if (previous) {
      await auth.api.revokeSession({ headers: input.headers, body: { token: previous.session.token } });
    }
    return { ok: true, headers };
  } catch (error) {
    if (!isAPIError(error) || (error.statusCode !== 401 && error.statusCode !== 400)) throw error;
    // The failure was counted when the attempt was reserved.
    await sleep(gate.delayMs);
    return { ok: false, status: 401, message: wrongCredentials };
  }
}
