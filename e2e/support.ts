import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { defaultSite } from "#app/content/site.ts";

export const site = defaultSite;

/** SITE_URL of the build under test: canonical links and structured data use it. */
export const siteUrl = "http://localhost:3000";

export const routes = [
  { path: "/", heading: "Source. Supply. Solutions." },
  { path: "/products", heading: "Our Product Range" },
  { path: "/products/bearings", heading: "Bearings" },
  { path: "/products/sealing-solutions", heading: "Sealing Solutions" },
  { path: "/products/power-transmission", heading: "Power Transmission" },
  { path: "/products/fluid-power", heading: "Fluid Power" },
  { path: "/products/drives-pumps", heading: "Drives & Pumps" },
  { path: "/products/tools-maintenance", heading: "Tools & Maintenance" },
  { path: "/products/industrial-electrical", heading: "Industrial Electrical" },
  { path: "/products/ppe-safety", heading: "PPE & Safety" },
  { path: "/services", heading: "Services & Added Value" },
  { path: "/contact", heading: "Contact Us" },
  { path: "/accessibility", heading: "Accessibility Statement" },
] as const;

/** Whether the test runs in one of the phone projects (the header and menu differ there). */
export const isPhone = (testInfo: TestInfo) => testInfo.project.use.isMobile === true;

/**
 * The WCAG 2.0/2.1/2.2 A and AA violations axe finds on the page (or within `include`), as what and where.
 * axe runs inside the page (legacy mode): otherwise it opens a blank page on every run to merge the results of
 * the page's frames, a renderer started each time, and the one frame our pages hold is the third-party map,
 * which is not ours to check.
 */
export async function axeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Fails on any WCAG 2.0/2.1/2.2 A or AA violation, listing what and where. Sections the browser has not laid
 * out yet (`render-when-near`, far below the first screen) are laid out first, as a visitor scrolling there
 * sees them: axe cannot measure colours in a section that has no layout.
 */
export async function expectNoAxeViolations(page: Page) {
  await page.addStyleTag({ content: ".render-when-near { content-visibility: visible !important; }" });
  expect(await axeViolations(page)).toEqual([]);
}

/** axe finds nothing and nothing scrolls sideways, at the page's width and, when asked, at a phone's 390 px. */
export async function checkPage(page: Page, { alsoAtPhoneWidth = false } = {}) {
  const widths = [page.viewportSize(), ...(alsoAtPhoneWidth ? [{ width: 390, height: 844 }] : [])];
  for (const size of widths) {
    if (size && size !== widths[0]) await page.setViewportSize(size);
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `sideways scroll at ${size?.width} px`).toBeLessThanOrEqual(0);
  }
  const first = widths[0];
  if (first && widths.length > 1) await page.setViewportSize(first);
}

/** Waits until React has hydrated, so clicks reach React's handlers. */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
  );
  // Hydration runs in a transition right after the modules load; let it finish.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
}

const clockStart = Date.UTC(2026, 2, 2, 9);

/** Gives the page a controllable clock; it runs as usual until pauseClock(). Call before navigating. */
export async function installClock(page: Page) {
  await page.clock.install({ time: clockStart });
}

/**
 * Stops the page's clock so that its timers fire only when the test moves time on (page.clock.runFor).
 * The clock first jumps well past page load, firing each timer then due once.
 */
export async function pauseClock(page: Page) {
  await page.clock.pauseAt(clockStart + 10 * 60_000);
}

export function decodeMailto(href: string) {
  const url = new URL(href);
  return {
    to: decodeURIComponent(url.pathname),
    subject: url.searchParams.get("subject"),
    body: url.searchParams.get("body"),
  };
}
