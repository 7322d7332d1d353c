import { randomBytes } from "node:crypto";
import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { and, eq } from "drizzle-orm";
import { hashPassword, needsRehash, verifyPassword } from "#app/desk/account/password.server.ts";
import { clearAccountFailures } from "#app/desk/account/throttle.server.ts";
import { passwordRule } from "#app/desk/form-schemas.ts";
import { withHashedSessionTokens } from "#app/desk/hashed-session-tokens.server.ts";
import { deskSessions } from "#app/desk/session-plugin.server.ts";
import { getIpSalt } from "#app/lib/client-key.server.ts";
import type { Config } from "#app/lib/env.server.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { outbox, type StaffRole, staffAccount, staffSession, staffUser, staffVerification } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

/** A signed-in session lasts a working day; it is extended while in use, by an hour at most each time. */
export const sessionSeconds = 12 * 60 * 60;
export const resetLinkSeconds = 60 * 60;
/** However active, a session ends this long after sign-in (OWASP ASVS: an absolute session lifetime). */
export const sessionLifetimeDays = 30;

export type StaffMember = { id: string; name: string; email: string; role: StaffRole };

function createAuth(db: Db, config: Pick<Config, "siteUrl" | "site">, secret: string, previousSecret?: string) {
  const logger = getLogger();
  return betterAuth({
    appName: config.site.name,
    baseURL: config.siteUrl,
    // The library's HTTP endpoints are never mounted: the desk's own actions call auth.api on the server.
    basePath: "/desk/auth",
    secret,
    database: (options: BetterAuthOptions) =>
      withHashedSessionTokens(
        drizzleAdapter(db, {
          provider: "pg",
          schema: { user: staffUser, session: staffSession, account: staffAccount, verification: staffVerification },
        })(options),
      ),
    emailAndPassword: {
      enabled: true,
      // Accounts come from the first-run link and from invitations only.
      disableSignUp: true,
      // argon2id at OWASP's parameters; older scrypt hashes still verify and are replaced at sign-in.
      password: { hash: hashPassword, verify: verifyPassword },
      minPasswordLength: passwordRule.min,
      maxPasswordLength: passwordRule.max,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: resetLinkSeconds,
      revokeSessionsOnPasswordReset: true,
      // The link used is gone; so are the account's others, and its wrong-password counts (from every address).
      async onPasswordReset({ user }) {
        await endResetLinks(db, user.id);
        await clearAccountFailures(db, user.email, await getIpSalt(db));
      },
      async sendResetPassword({ user, token }) {
        const link = `${config.siteUrl}/desk/reset-password?token=${encodeURIComponent(token)}`;
        await db.insert(outbox).values({
          kind: "message",
          payload: {
            to: user.email,
            subject: `Choose a new password for the ${config.site.name} quote desk`,
            text: [
              `Hello ${user.name},`,
              "",
              "Someone (hopefully you, or an admin) asked to reset your password for the quote desk.",
              "Open this link within an hour to choose a new one:",
              "",
              link,
              "",
              "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
            ].join("\n"),
            tag: "desk-reset",
          },
        });
      },
    },
    user: {
      additionalFields: { role: { type: "string", required: false, defaultValue: "staff", input: false } },
    },
    session: { expiresIn: sessionSeconds, updateAge: 60 * 60, cookieCache: { enabled: false } },
    verification: { storeIdentifier: "hashed" },
    // Our own throttle (app/desk/account/throttle.server.ts) counts per account and address in the database.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    plugins: [deskSessions({ previousSecret })],
    advanced: {
      cookiePrefix: "desk",
      // __Secure- prefix and the Secure flag whenever the site is served over https.
      useSecureCookies: config.siteUrl.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // Addresses are personal data; the desk has no use for them on a session.
      ipAddress: { disableIpTracking: true },
    },
    logger: {
      level: "error",
      // The library's messages only, never its arguments (which can hold an e-mail address).
      log: (level, message) => logger[level === "error" ? "error" : "warn"]({ area: "desk-auth" }, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Db, Map<string, Auth>>();

/**
 * One authentication instance per open database (the server's, or a test's) and signing secret, with the
 * secret before it while DESK_SECRET is rotated.
 */
export function getAuth(db: Db, config: Pick<Config, "siteUrl" | "site">, secret: string, previousSecret?: string) {
  let bySecret = instances.get(db);
  if (!bySecret) {
    bySecret = new Map();
    instances.set(db, bySecret);
  }
  const key = JSON.stringify([secret, previousSecret]);
  let auth = bySecret.get(key);
  if (!auth) {
    auth = createAuth(db, config, secret, previousSecret);
    bySecret.set(key, auth);
  }
  return auth;
}

/** Creates a staff account with the library's password hashing; the e-mail must not be taken. */
export async function createStaffAccount(
  auth: Auth,
  input: { name: string; email: string; password: string; role: StaffRole },
) {
  const context = await auth.$context;
  const hash = await context.password.hash(input.password);
  const user = await context.internalAdapter.createUser(
    {
      name: input.name,
      email: input.email.toLowerCase(),
      emailVerified: true,
      role: input.role,
    },
    { method: "admin" },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: hash,
  });
  return user;
}

/** After a successful sign-in: a hash made with older parameters is replaced by one made with today's. */
export async function upgradePasswordHash(db: Db, email: string, password: string) {
  const [account] = await db
    .select({ id: staffAccount.id, hash: staffAccount.password })
    .from(staffAccount)
    .innerJoin(staffUser, eq(staffUser.id, staffAccount.userId))
    .where(and(eq(staffUser.email, email.trim().toLowerCase()), eq(staffAccount.providerId, "credential")));
  if (!account?.hash || !needsRehash(account.hash)) return;
  await db
    .update(staffAccount)
    .set({ password: await hashPassword(password), updatedAt: new Date() })
    .where(eq(staffAccount.id, account.id));
}

/** Ends every session of one person at once (removal, reset of access). */
export async function endSessions(auth: Auth, userId: string) {
  const context = await auth.$context;
  await context.internalAdapter.deleteUserSessions(userId);
}

/**
 * Ends every outstanding password-reset link of one account. The library keeps a reset link as a
 * verification row whose value is the account's id (the first-run link's value is "first-run").
 */
export async function endResetLinks(db: Db, userId: string) {
  await db.delete(staffVerification).where(eq(staffVerification.value, userId));
}

/**
 * Makes the current password useless: a fresh random one nobody knows, hashed by the library. Reset links
 * sent before the change end with it.
 */
export async function scramblePassword(db: Db, auth: Auth, userId: string) {
  const context = await auth.$context;
  await context.internalAdapter.updatePassword(
    userId,
    await context.password.hash(randomBytes(32).toString("base64url")),
  );
  await endResetLinks(db, userId);
}
