// The one change made to React Router's HTML at build time: its scripts start once the page has loaded and
// painted, so they never compete with the HTML, stylesheet and images on a slow link (the page works without
// them meanwhile: links, the menu and the quote form are plain HTML). Run by scripts/precompress.js.

/** Longest wait for the load event and the first paint before the scripts start anyway. */
export const loadWaitMs = 3000;

// React Router's boot: one module that imports the page's route modules and sets its route manifest.
const bootScript = /<script type="module" async="">([\s\S]*?)<\/script>/;
const bootMarker = "window.__reactRouterManifest = ";
const modulePreload = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;

/**
 * Runs in the browser, inlined into the page as its source text: once the load event and the first
 * contentful paint have both happened (or after `waitMs`: a slow third-party frame, the map, delays the load
 * event, and must not hold the page's scripts back long), adds the preloads, so the chunks download in
 * parallel, then runs the boot module kept in the inert `#deferred-boot` element. The boot's text is the
 * same as in the page, so the page's hash-based script policy allows it.
 *
 * A chunk the browser already holds is compiled as its preload is added, so the boot starts in a task after
 * the preloads'. Each preload in a task of its own shortened a page's second visit but made Lighthouse's cold
 * load block longer (ADR 0023).
 * The function's source text goes into every page as it is: comments belong here, outside it.
 */
export function startAfterPaint(preloads: string[], waitMs: number) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        for (const href of preloads) {
          document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
        }
        setTimeout(() => {
          const boot = document.getElementById("deferred-boot")?.textContent ?? "";
          document.body.append(Object.assign(document.createElement("script"), { type: "module", textContent: boot }));
        });
      }),
    );
  };
  let waiting = 2;
  const ready = () => {
    waiting -= 1;
    if (waiting === 0) start();
  };
  if (document.readyState === "complete") ready();
  else addEventListener("load", ready, { once: true });
  const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint") || painted()) ready();
  else {
    new PerformanceObserver((_list, observer) => {
      if (!painted()) return;
      observer.disconnect();
      ready();
    }).observe({ type: "paint", buffered: true });
  }
  setTimeout(start, waitMs);
}

/** The page with its boot deferred; throws, naming the page, when React Router's output is not as expected. */
export function deferBoot(html: string, page: string) {
  const boot = bootScript.exec(html);
  if (!boot?.[1]?.includes(bootMarker)) {
    throw new Error(
      `${page}: React Router's boot module (<script type="module" async=""> setting ${bootMarker.trim()}) ` +
        "is missing: the framework's output has changed, so scripts/defer-boot.ts must change with it.",
    );
  }
  const preloads = [...new Set(Array.from(html.matchAll(modulePreload), (match) => match[1]))];
  const starter = `(${startAfterPaint})(${JSON.stringify(preloads)}, ${loadWaitMs})`;
  return html
    .replace(modulePreload, "")
    .replace(
      bootScript,
      () => `<script type="text/plain" id="deferred-boot">${boot[1]}</script><script>${starter}</script>`,
    );
}
