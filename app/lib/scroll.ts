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
    const offTarget = () =>
      Math.abs(
        target.getBoundingClientRect().top - (Number.parseFloat(getComputedStyle(target).scrollMarginTop) || 0),
      ) > 1;
    if (offTarget()) {
      // Sections passed on the way are laid out only as they come near (render-when-near), and their real heights
      // can move the target after the glide set off; when the glide stops, land on the target where it now is.
      const setOff = performance.now();
      window.addEventListener(
        "scrollend",
        () => {
          if (performance.now() - setOff < 5000 && offTarget()) target.scrollIntoView({ block: "start" });
        },
        { once: true },
      );
    }
    target.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, delay);
}
