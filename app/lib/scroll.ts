/** Section scrolls start 100 ms after the trigger. */
export const SECTION_SCROLL_DELAY_MS = 100;

/** How long a section is held where a scroll put it while the sections above it are laid out. */
const HOLD_MS = 10_000;

/**
 * Anything the visitor does to scroll is theirs, and so is a move to another section by its address (the
 * browser's own jump to a new hash, before the app's): the page stops holding the section at once.
 */
const HOLD_ENDERS = ["wheel", "touchstart", "pointerdown", "keydown", "hashchange", "popstate"] as const;

export function prefersReducedMotion() {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Smoothly scrolls to a section after that delay, then moves focus there for keyboard users. */
export function scrollToSection(id: string, delay = SECTION_SCROLL_DELAY_MS) {
  return window.setTimeout(() => {
    releaseHold();
    const target = document.getElementById(id);
    if (!target) return;
    if (isOffTarget(target)) {
      // Where the glide ends the section is put exactly in place and held, unless the visitor scrolled meanwhile.
      const stopWaiting = () => {
        window.removeEventListener("scrollend", land);
        window.clearTimeout(noScrollEnd);
        stopWatching();
      };
      const land = () => {
        stopWaiting();
        if (isOffTarget(target)) target.scrollIntoView({ block: "start" });
        holdInPlace(target);
      };
      window.addEventListener("scrollend", land, { once: true });
      // A browser without scrollend still holds the section once a glide has had time to end.
      const noScrollEnd = window.setTimeout(land, 5000);
      const stopWatching = onVisitorScroll(stopWaiting);
    } else {
      holdInPlace(target);
    }
    target.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, delay);
}

/** Calls `then` once, at the visitor's first own scroll; returns what stops watching. */
function onVisitorScroll(then: () => void) {
  const stop = () => {
    for (const type of HOLD_ENDERS) window.removeEventListener(type, seen, true);
  };
  const seen = () => {
    stop();
    then();
  };
  for (const type of HOLD_ENDERS) window.addEventListener(type, seen, { capture: true, passive: true });
  return stop;
}

function isOffTarget(target: HTMLElement) {
  const margin = Number.parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
  return Math.abs(target.getBoundingClientRect().top - margin) > 1;
}

/**
 * Sections passed on the way are laid out only as they come near (render-when-near), and their real heights
 * differ from the estimate by hundreds of pixels. The browser's scroll anchoring usually keeps the section
 * still, but not always (React Router's own jump to the hash comes first): for a few seconds the page puts the section back itself whenever the page above it
 * changes height, unless the visitor scrolls first.
 */
let releaseHold = () => {};

function holdInPlace(target: HTMLElement) {
  releaseHold();
  const page = target.parentElement;
  if (!page || typeof ResizeObserver === "undefined") return;
  // The scroll event of the hold's own move comes in the next frame, before that frame's animation callbacks.
  let movedByHold = false;
  const observer = new ResizeObserver(() => {
    if (!isOffTarget(target)) return;
    movedByHold = true;
    target.scrollIntoView({ block: "start" });
    window.requestAnimationFrame(() => {
      movedByHold = false;
    });
  });
  // A scroll the hold did not make that leaves the section is the visitor's too: a dragged scrollbar, or a
  // browser bringing a focused link into view, fires none of HOLD_ENDERS.
  const onScroll = () => {
    if (!movedByHold && isOffTarget(target)) release();
  };
  const release = () => {
    releaseHold = () => {};
    observer.disconnect();
    window.clearTimeout(timer);
    stopWatching();
    window.removeEventListener("scroll", onScroll);
  };
  const timer = window.setTimeout(release, HOLD_MS);
  const stopWatching = onVisitorScroll(release);
  window.addEventListener("scroll", onScroll, { passive: true });
  observer.observe(page);
  releaseHold = release;
}
