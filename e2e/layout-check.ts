import type { Page } from "@playwright/test";

/** The widths every page is laid out at: phones, tablets, laptops and a wide desktop. */
export const layoutWidths = [320, 360, 390, 768, 1024, 1280, 1920];

/**
 * Regions that scroll or clip on purpose; what is inside them may lie outside the viewport.
 * The brand strip is a marquee: its list is twice as wide as the screen and moves.
 */
const intentionallyClipped = ['[data-testid="brand-strip"]'];

/** Text that leaves its box or the screen, described so a failure says what and where. */
export function findOverflow(page: Page) {
  return page.evaluate((clipped) => {
    const viewport = document.documentElement.clientWidth;
    const problems: string[] = [];
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}> "${(element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
    // Screen-reader-only text and the form's trap field sit in 1 px clipped boxes on purpose.
    const visuallyHidden = (element: Element) => {
      if (element.closest(".sr-only")) return true;
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (node.clientWidth <= 1 && getComputedStyle(node).overflow !== "visible") return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      if (element.closest(clipped.join(",")) || visuallyHidden(element)) continue;
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if (!ownText || element.getClientRects().length === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden") continue;
      const rect = element.getBoundingClientRect();
      const scrolls = style.overflowX === "auto" || style.overflowX === "scroll";
      if (!scrolls && style.display !== "inline" && element.scrollWidth > element.clientWidth + 1) {
        problems.push(`${describe(element)} is ${element.scrollWidth}px wide in a ${element.clientWidth}px box`);
      }
      if (rect.left < -1 || rect.right > viewport + 1) {
        problems.push(
          `${describe(element)} spans ${Math.round(rect.left)}–${Math.round(rect.right)}px of ${viewport}px`,
        );
      }
      const parent = element.parentElement;
      if (parent && style.position !== "absolute" && style.position !== "fixed") {
        const box = parent.getBoundingClientRect();
        if (rect.right > box.right + 1 || rect.left < box.left - 1) {
          problems.push(`${describe(element)} leaves its container`);
        }
      }
    }
    return problems;
  }, intentionallyClipped);
}
