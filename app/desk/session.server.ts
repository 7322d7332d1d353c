import { createContext, data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { type Auth, getAuth, type StaffMember, sessionLifetimeDays } from "#app/desk/auth.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import type { StaffRole } from "#db/schema.ts";

/** The signed-in staff member, set by requireStaff for every route under the staff layout. */
export const staffContext = createContext<StaffMember & { sessionToken: string }>();

/** Signs with DESK_SECRET; while it is rotated, also reads cookies signed with DESK_SECRET_PREVIOUS. */
export async function deskAuth(context: Readonly<RouterContextProvider>): Promise<Auth> {
  const { database, config, deskSecrets } = context.get(servicesContext);
  return getAuth(database.db, config, deskSecrets.current, deskSecrets.previous);
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
 * The session the request carries, if it is still good: the library's own lookup (which slides the session
 * and its cookie), then, while DESK_SECRET is rotated, a cookie signed with the previous secret (signed
 * anew). Sessions never outlive an absolute lifetime from sign-in: after that the session is ended, its
 * cookie cleared, and the person signs in again.
 */
export async function currentSession(auth: Auth, requestHeaders: Headers) {
  let result = await auth.api.getSession({ headers: requestHeaders, returnHeaders: true });
  if (!result.response) {
    const before = await auth.api.sessionSignedBefore({ headers: requestHeaders, returnHeaders: true });
    // The same session and user rows getSession answers with; its type does not know the user's role.
    if (before.response) result = before as typeof result;
  }
  const found = result.response;
  if (found && Date.now() - new Date(found.session.createdAt).getTime() > sessionLifetimeDays * 24 * 60 * 60 * 1000) {
    const ended = await auth.api.endSession({ body: { token: found.session.token }, returnHeaders: true });
    return { headers: ended.headers, response: null };
  }
  return result;
}

/**
 * Runs before every loader and action of the signed-in desk: no session → the sign-in page, leading back
 * to the page, for a page or a form posted as a page (the quotation editor's, or any without scripts: a
 * session that ended overnight); 401 with no data for a data request. Passes on the cookie the lookup set
 * (refreshed, signed anew, or cleared).
 */
export const requireStaff: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { headers, response: found } = await currentSession(await deskAuth(context), request.headers);
  if (!found) {
    if (!isDataRequest(request)) {
      const url = new URL(request.url);
      throw redirect(`/desk/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`, {
        status: request.method === "GET" ? 302 : 303,
        headers: cookiesFrom(headers),
      });
    }
    return new Response("401: Please sign in to the desk again.", {
      status: 401,
      headers: withCookies(headers, { "Content-Type": "text/plain; charset=utf-8" }),
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
  return withCookies(source, {});
}

function withCookies(source: Headers, init: Record<string, string>) {
  const headers = new Headers(init);
  for (const cookie of source.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
