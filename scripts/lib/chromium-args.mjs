// The command line of the Chromium that the end-to-end tests and the bench drive (Debian's, through
// Playwright): one list, so both run the same browser.
//
// Besides the flags this machine needs (no sandbox as root, no GPU, no network of Chromium's own),
// it turns off Chromium's WebUI omnibox popup. Chromium 156 preloads that popup
// (chrome://omnibox-popup.top-chrome/) in a renderer of its own in every window, headless included,
// and that renderer works on every navigation and URL change of the page: on the 2-core machine it
// took 250–600 ms of CPU during each start the bench timed, from the page it measured. The terminal's
// own windows have no omnibox (Electron's window; the web host's app-mode window), so the bench and
// the tests leave it out.
//
// It also turns off BackgroundResourceFetch, which in Chromium 156 streams a module script's compile
// off the main thread without ever asking the code cache: traced, the third start of a page on a
// profile kept on disk compiled all ~1,700 of its functions again although the second start had
// written an 875 KB cache for the script ("v8.produceModuleCache"). Without the feature the third
// start reads that cache ("consumedCacheSize", "script has code-cache available") and compiles ~70.
// The bench's start again stands for the installed app's daily start, whose app:// scheme has the
// code cache turned on (electron/main/app-protocol.ts), so its scripts must come compiled from that
// cache, for the floor page and the terminal alike (docs/performance.md, 2026-12-06, night). Whether
// Electron's Chromium skips the cache the same way for app:// is not known: no Electron binary here.
//
// Chromium takes only the last --disable-features on its command line, and Playwright passes its own
// list; ours comes after it, so it repeats Playwright's (PLAYWRIGHT_DISABLED_FEATURES, copied from
// the playwright-core that package-lock.json pins; chromium-args.test.ts fails when an upgrade adds
// one, naming it).

/** Playwright's own `disabledFeatures` (playwright-core's chromiumSwitches). */
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
]

/** The omnibox popup's WebUI, in each of its forms. */
export const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup']

/** The fetch path that skips the code cache for module scripts (see above). */
export const CODE_CACHE_FEATURES = ['BackgroundResourceFetch']

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES, ...CODE_CACHE_FEATURES].join(',')}`,
]
