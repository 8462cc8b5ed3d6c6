// Types of chromium-args.mjs for the TypeScript that imports it (playwright.config.ts, the tests).
export const PLAYWRIGHT_DISABLED_FEATURES: readonly string[]
export const BROWSER_UI_FEATURES: readonly string[]
export const CODE_CACHE_FEATURES: readonly string[]
export const CHROMIUM_ARGS: string[]
