/**
 * Debian's Chromium as every browser test launches it. Playwright turns some of Chromium's features off with a
 * `--disable-features` switch of its own, and Chromium keeps only the last such switch, so ours repeats
 * Playwright's list (test/playwright-config.test.ts fails when Playwright's list grows) and adds the address-bar
 * popup: since version 151 Chromium prerenders that popup in every new window, headless too, in a renderer of its
 * own that took 1.5 s of CPU for each browser context on two cores, for a popup no test opens.
 */
const playwrightDisabledFeatures = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];
export const disabledFeatures = [...playwrightDisabledFeatures, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Started as the machine's closed network requires.
const closedNetwork = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The browser as a buyer's runs a page: what the checks that time the main thread measure, and Lighthouse. */
export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: [...closedNetwork, `--disable-features=${disabledFeatures.join(",")}`],
};

/**
 * The same browser for the tests of what pages do, in fewer processes. By default each new context runs one of our
 * pages in three renderers: the blank page Playwright opens, the site, and the map's frame (another site, so
 * isolated), with a spare one started ahead for the next navigation; with these options, in one. No site isolation
 * and no spare change where a page runs, not what it does; a phone's Chrome does not isolate every site either.
 */
export const testLaunchOptions = {
  executablePath: chromiumPath,
  args: [
    ...closedNetwork,
    "--disable-site-isolation-trials",
    `--disable-features=${[...disabledFeatures, "SpareRendererForSitePerProcess"].join(",")}`,
  ],
};
