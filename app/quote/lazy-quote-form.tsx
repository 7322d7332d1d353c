import { lazy, Suspense } from "react";

const load = () => import("#app/quote/quote-form.tsx");

/** Resolves once the element is within a screen or so of the viewport (at once where that cannot be told). */
function nearViewport(id: string) {
  return new Promise<void>((resolve) => {
    const element = document.getElementById(id);
    if (!element || !("IntersectionObserver" in window)) return resolve();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          resolve();
        }
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
  });
}

// The server sends whole documents (app/entry.server.tsx), so the form is always in the HTML.
const QuoteForm = lazy(() => (typeof document === "undefined" ? load() : nearViewport("quote").then(load)));

/**
 * The quote form, server-rendered in full. Its script (validation, notices) loads only as the visitor
 * approaches the form; until then React leaves the server's HTML in place, which posts as a plain form.
 */
export function LazyQuoteForm() {
  return (
    <Suspense>
      <QuoteForm />
    </Suspense>
  );
}
