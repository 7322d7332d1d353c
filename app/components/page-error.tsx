import { isRouteErrorResponse } from "react-router";
import { NotFound } from "#app/components/not-found.tsx";

/** What a page that failed shows: the 404 page for one that is not there, else an apology and the status. */
export function PageError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  // Messages thrown by the server already start with their status, as the plain text a script receives does.
  const text = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : undefined;
  const detail = isRouteErrorResponse(error)
    ? text?.startsWith(`${error.status}: `)
      ? text
      : `${error.status}: ${text ?? error.statusText}`
    : "500: Internal Server Error";
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error);
  return (
    <section className="container-page py-20 text-center">
      <title>Something went wrong</title>
      <h1 className="text-3xl font-bold text-navy">Something went wrong</h1>
      <p className="mt-4 text-lg">Sorry, this page could not be shown. Please try again, or call or e-mail us.</p>
      <p className="mt-2 font-mono text-slate-600">{detail}</p>
    </section>
  );
}
