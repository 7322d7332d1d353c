import type { BetterAuthPlugin } from "better-auth";
import { createAuthEndpoint } from "better-auth/api";
import { deleteSessionCookie, setSessionCookie } from "better-auth/cookies";
import * as z from "zod";

/**
 * What the desk asks of sessions beyond the library's own lookup, written against its plugin API (endpoints,
 * their context and its cookie helpers) so that how cookies are signed and sessions stored stays the
 * library's, whatever its version. Both endpoints are server-only: no URL reaches them, only `auth.api`.
 */
export function deskSessions(options: { previousSecret?: string }) {
  return {
    id: "desk-sessions",
    endpoints: {
      /**
       * While DESK_SECRET is rotated: a session cookie signed with DESK_SECRET_PREVIOUS, if its session is
       * still good, is answered like getSession and signed anew with the current secret.
       */
      sessionSignedBefore: createAuthEndpoint.serverOnly({ method: "GET", requireHeaders: true }, async (ctx) => {
        const { previousSecret } = options;
        if (!previousSecret) return ctx.json(null);
        const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, previousSecret);
        const found = token ? await ctx.context.internalAdapter.findSession(token) : null;
        if (!found || found.session.expiresAt < new Date()) return ctx.json(null);
        await setSessionCookie(ctx, found);
        return ctx.json(found);
      }),
      /** Ends one session (its lifetime is over) and clears the browser's cookie. */
      endSession: createAuthEndpoint.serverOnly(
        { method: "POST", body: z.object({ token: z.string() }) },
        async (ctx) => {
          await ctx.context.internalAdapter.deleteSession(ctx.body.token);
          deleteSessionCookie(ctx);
          return ctx.json({ ended: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
