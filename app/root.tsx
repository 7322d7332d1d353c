import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import appStylesheet from "#app/app.css?url";
import { IntentPrefetch } from "#app/components/intent-prefetch.tsx";
import { JsonLd } from "#app/components/json-ld.tsx";
import { PageError } from "#app/components/page-error.tsx";
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
  // The public pages (under the site layout, app/routes.ts) tell search engines who we are; the desk does not.
  const publicPage = useMatches().some((match) => match.id === "site");
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
        {isFallback || !publicPage ? null : <JsonLd data={siteEntities(site, openingCalendar)} />}
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-3 font-semibold text-navy focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        {children}
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

/** A failure above every layout (the root's own data): the page's apology, without the site around it. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
