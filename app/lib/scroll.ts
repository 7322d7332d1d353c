/** Section scrolls start 100 ms after the trigger. */
export const SECTION_SCROLL_DELAY_MS = 100;

export function prefersReducedMotion() {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Smoothly scrolls to a section after that delay, then moves focus there for keyboard users. */
export function scrollToSection(id: string, delay = SECTION_SCROLL_DELAY_MS) {
  return window.setTimeout(() => {
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, delay);
}
