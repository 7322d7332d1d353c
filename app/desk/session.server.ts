import { createHmac } from "node:crypto";
import { createContext, data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { type Auth, getAuth, type StaffMember, sessionLifetimeDays } from "#app/desk/auth.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import type { StaffRole } from "#db/schema.ts";

/** The signed-in staff member, set by requireStaff for every route under the staff layout. */
export const staffContext = createContext<StaffMember & { sessionToken: string }>();

export async function deskAuth(context: Readonly<RouterContextProvider>): Promise<Auth> {
  const { database, config, deskSecrets } = context.get(servicesContext);
  return getAuth(database.db, config, deskSecrets.current);
}

/** While DESK_SECRET is rotated: the instance that still reads cookies signed with the previous secret. */
function previousDeskAuth(context: Readonly<RouterContextProvider>) {
  const { database, config, deskSecrets } = context.get(servicesContext);
  return deskSecrets.previous ? getAuth(database.db, config, deskSecrets.previous) : undefined;
}

/** Client navigations fetch `<path>.data`; the export and attachments are files. None may be answered with a page. */
function isDataRequest(request: Request) {
  const { pathname } = new URL(request.url);
  return (
    pathname.endsWith(".data") ||
    pathname === "/desk/export" ||
    pathname.startsWith("/desk/attachments/") ||
    pathname.includes("/quotation-pdf/")
  );
}

/** Where to come back to after signing in: only a path on the desk itself. */
export function safeNext(value: string | null | undefined) {
  return value && /^\/desk(\/[\w\-/.]*)?(\?[^\s#]*)?$/.test(value) && !value.startsWith("//") ? value : "/desk";
}

/** Every desk response: never cached, never indexed. */
export const deskHeaders: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  response.headers.set("Cache-Control", "no-store");
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
};

/**
 * Runs before every loader and action of the signed-in desk: no session → sign-in page for a page,
 * 401 with no data for a data request or an action. Passes on a refreshed session cookie.
 */
/**
 * The session the request carries, if it is still good. Sessions slide while in use, but never past an
 * absolute lifetime from sign-in: after that the session is ended and the person signs in again.
 */
export async function currentSession(auth: Auth, requestHeaders: Headers, previous?: Auth) {
  let result = await auth.api.getSession({ headers: requestHeaders, returnHeaders: true });
  if (!result.response && previous) {
    // Signed with the secret before the rotation: accepted, and signed again with the current one.
    const old = await previous.api.getSession({ headers: requestHeaders, returnHeaders: true });
    if (old.response) result = { response: old.response, headers: await resignedCookie(auth, old.response.session) };
  }
  const found = result.response;
  if (found && Date.now() - new Date(found.session.createdAt).getTime() > sessionLifetimeDays * 24 * 60 * 60 * 1000) {
    await (await auth.$context).internalAdapter.deleteSession(found.session.token);
    return { headers: result.headers, response: null };
  }
  return result;
}

export const requireStaff: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const auth = await deskAuth(context);
  const { headers, response: found } = await currentSession(auth, request.headers, previousDeskAuth(context));
  if (!found) {
    if (request.method === "GET" && !isDataRequest(request)) {
      const url = new URL(request.url);
      throw redirect(`/desk/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
    }
    return new Response("401: Please sign in to the desk again.", {
      status: 401,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { user, session } = found;
  context.set(staffContext, {
    id: user.id,
    name: user.name,
    email: user.email,
    role: (user as { role?: string }).role === "admin" ? "admin" : "staff",
    sessionToken: session.token,
  });
  const response = await next();
  for (const cookie of headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
  return response;
};

/** For the people pages and actions: admins only. */
export function requireRole(context: Readonly<RouterContextProvider>, role: StaffRole) {
  const staff = context.get(staffContext);
  if (role === "admin" && staff.role !== "admin") {
    throw data("403: Only an admin can manage people.", { status: 403 });
  }
  return staff;
}

/** The Set-Cookie headers the library produced, to pass on with our own redirect. */
export function cookiesFrom(source: Headers) {
  const headers = new Headers();
  for (const cookie of source.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** A Set-Cookie for a session token, signed as the library signs it (HMAC-SHA256, base64). */
async function resignedCookie(auth: Auth, session: { token: string; expiresAt: Date }) {
  const context = await auth.$context;
  const { name, attributes } = context.authCookies.sessionToken;
  const signature = createHmac("sha256", context.secret).update(session.token).digest("base64");
  const parts = [`${name}=${encodeURIComponent(`${session.token}.${signature}`)}`, `Path=${attributes.path ?? "/"}`];
  parts.push(`Expires=${new Date(session.expiresAt).toUTCString()}`);
  if (attributes.httpOnly) parts.push("HttpOnly");
  if (attributes.secure) parts.push("Secure");
  parts.push(`SameSite=${attributes.sameSite === "strict" ? "Strict" : "Lax"}`);
  const headers = new Headers();
  headers.append("Set-Cookie", parts.join("; "));
  return headers;
}
