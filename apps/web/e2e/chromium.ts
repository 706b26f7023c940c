import { execFileSync } from 'node:child_process';

// We never download a browser: the browser tests and the web bench drive the system's Debian
// Chromium, launched the same way. Not a test file itself.

/**
 * Playwright's own `--disable-features` list (its chromiumSwitches.ts, as of the version in
 * package-lock.json). Chromium keeps only the last `--disable-features` it is given, so a list
 * of ours replaces Playwright's unless it repeats it; chromium.test.ts checks this copy against
 * the Playwright installed.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/**
 * The omnibox's popup, a WebUI page Chromium loads in a renderer of its own for every browser
 * window, headless too: one per Playwright context, some 1.5 to 2.5 s of CPU each on two cores,
 * as much as the app's own page (docs/decisions/092).
 */
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'] as const;

/** Nothing in the background that would add requests or work to what is measured. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];

/** Where the system's Chromium is, or an error saying how to install it. */
export function findChromium(): string {
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      'Chromium is not installed (`which chromium` found nothing). ' +
        'Install it with: apt-get install -y chromium',
    );
  }
}
