import type { ReactNode } from "react";
import { Link } from "react-router";
import { button } from "#app/components/button.ts";

/**
 * The 404 page, worded as the original site's, for unknown paths and for pages whose loader finds nothing; a page
 * can add what its own visitor needs (`children`, under the spec's line).
 */
export function NotFound({ children }: { children?: ReactNode }) {
  return (
    <section className="container-page py-20 text-center">
      <title>404 Page Not Found</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold text-navy sm:text-4xl">404 Page Not Found</h1>
      <p className="mt-4 text-lg text-slate-700">Did you forget to add the page to the router?</p>
      {children}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={button()}>
          Go to the home page
        </Link>
        <Link to="/products" className={button({ variant: "secondary" })}>
          Browse products
        </Link>
      </div>
    </section>
  );
}
