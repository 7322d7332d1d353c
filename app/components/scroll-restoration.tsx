import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";
import { useNonce } from "#app/lib/context.ts";

/** React Router's own key, so positions saved by its hook are the ones restored here. */
const storageKey = "react-router-scroll-positions";

/**
 * Put back the scroll position of a page reloaded or returned to, before its first paint. The same as React
 * Router's `<ScrollRestoration>`, except that a fresh visit (no history key yet, so nothing can have been
 * saved) never touches sessionStorage: its first read waits on the browser process for several milliseconds,
 * which made the page's one inline script a long task (docs/performance.md, lever 20). The new entry also gets
 * the index React Router's history gives one (`idx: 0`), which spares it a second history write in the middle
 * of hydrating.
 */
function restoreScroll(key: string) {
  const entry = window.history.state?.key;
  if (!entry) {
    window.history.replaceState({ key: Math.random().toString(32).slice(2), idx: 0 }, "");
    return;
  }
  try {
    const y = JSON.parse(sessionStorage.getItem(key) || "{}")[entry];
    if (typeof y === "number") window.scrollTo(0, y);
  } catch {
    sessionStorage.removeItem(key);
  }
}

export function ScrollRestoration() {
  const nonce = useNonce();
  useScrollRestoration({ storageKey });
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed function of this module, with a fixed argument
      dangerouslySetInnerHTML={{ __html: `(${restoreScroll})(${JSON.stringify(storageKey)})` }}
    />
  );
}
