import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { PageError } from "#app/components/page-error.tsx";
import { Footer } from "#app/site/footer.tsx";
import { Header } from "#app/site/header.tsx";
import type { Route } from "./+types/site-layout";

/** The public site's pages: its header, the page, its footer. The staff desk has a layout of its own. */
function SiteChrome({ children }: { children: ReactNode }) {
  return (
    <>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </>
  );
}

export default function SiteLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

/** A page that failed (an unknown category's 404 among them) keeps the site around it. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteChrome>
      <PageError error={error} />
    </SiteChrome>
  );
}
