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

export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: [
    // Started as the machine's closed network requires.
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    `--disable-features=${disabledFeatures.join(",")}`,
  ],
};
