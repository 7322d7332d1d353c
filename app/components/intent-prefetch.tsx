import { startTransition, useEffect, useState } from "react";
import { PrefetchPageLinks } from "react-router";
import { useNonce } from "#app/lib/context.ts";

/** Before the script runs, the browser prefetches a page whose link is pressed or hovered (Chromium). */
const documentRules = JSON.stringify({ prefetch: [{ where: { href_matches: "/*" }, eagerness: "moderate" }] });

/**
 * Fetches the next page's data and modules as soon as a finger touches, a pointer rests on (100 ms) or focus
 * reaches an internal link, so the tap that follows opens it without a wait. Before the page's script runs,
 * Speculation Rules do the same for whole documents; they are withdrawn once the app navigates itself.
 */
export function IntentPrefetch() {
  const nonce = useNonce();
  const [hydrated, setHydrated] = useState(false);
  const [page, setPage] = useState<string>();
  useEffect(() => {
    startTransition(() => setHydrated(true));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const intent = (event: Event) => {
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== window.location.origin) return;
      if (anchor.target || anchor.hasAttribute("download") || anchor.pathname === window.location.pathname) return;
      clearTimeout(timer);
      const next = anchor.pathname;
      timer = setTimeout(() => setPage(next), event.type === "pointerover" ? 100 : 0);
    };
    const cancel = () => clearTimeout(timer);
    const options = { passive: true, capture: true };
    document.addEventListener("pointerover", intent, options);
    document.addEventListener("pointerout", cancel, options);
    document.addEventListener("touchstart", intent, options);
    document.addEventListener("focusin", intent, options);
    return () => {
      cancel();
      document.removeEventListener("pointerover", intent, options);
      document.removeEventListener("pointerout", cancel, options);
      document.removeEventListener("touchstart", intent, options);
      document.removeEventListener("focusin", intent, options);
    };
  }, []);
  if (!hydrated) {
    return (
      <script
        type="speculationrules"
        nonce={nonce || undefined}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: fixed JSON built above, no visitor input
        dangerouslySetInnerHTML={{ __html: documentRules }}
      />
    );
  }
  return page ? <PrefetchPageLinks page={page} /> : null;
}
