import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import appStylesheet from "#app/app.css?url";
import { Footer } from "#app/components/footer.tsx";
import { Header } from "#app/components/header.tsx";
import { IntentPrefetch } from "#app/components/intent-prefetch.tsx";
import { JsonLd } from "#app/components/json-ld.tsx";
import { NotFound } from "#app/components/not-found.tsx";
import { useStaticLinks } from "#app/components/static.tsx";
import { categories } from "#app/content/catalogue.ts";
import { useNonce } from "#app/lib/context.ts";
import { getConfig } from "#app/lib/env.server.ts";
import { todaysOpeningCalendar } from "#app/lib/opening-hours.server.ts";
import { keepDataAfterPost } from "#app/lib/revalidate.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { siteEntities } from "#app/lib/structured-data.ts";
import type { Route } from "./+types/root";

export async function loader() {
  const { site, closures } = getConfig();
  return {
    site,
    categoryLinks: categories.map(({ slug, title }) => ({ slug, title })),
    openingCalendar: await todaysOpeningCalendar(site, closures),
  };
}

export const shouldRevalidate = keepDataAfterPost;

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const { site, openingCalendar, isFallback } = useRootData();
  // The staff desk brings its own header and main (app/desk/ui.tsx): none of the public site's chrome.
  const staffTool = /^\/desk(\/|$)/.test(useLocation().pathname);
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2a44" />
        <Meta />
        {/* With a precedence React places the one render-blocking stylesheet ahead of the script preloads. */}
        <link rel="stylesheet" href={appStylesheet} precedence="default" />
        <Links />
        {isFallback || staffTool ? null : <JsonLd data={siteEntities(site, openingCalendar)} />}
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-3 font-semibold text-navy focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        {staffTool ? (
          children
        ) : (
          <>
            <Header />
            <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
              {children}
            </main>
            <Footer />
          </>
        )}
        <IntentPrefetch />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useStaticLinks();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const detail = isRouteErrorResponse(error)
    ? `${error.status}: ${typeof error.data === "string" && error.data ? error.data : error.statusText}`
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
