// Builds the bench pages (bench/floor-page, bench/chart-page, bench/book-page, bench/portfolio-page, bench/journal-page) into .bench/pages/
// with the renderer's own build settings: electron.vite.config.ts's `renderer` section as
// electron-vite resolves it (its aliases and Vue plugin, minified, and electron-vite's defaults for a
// renderer: the Chromium target of the Electron it ships with, no module-preload polyfill, base
// './'), with only the root, the entry and the output folder changed. So the floor page the app's
// start is compared with is built as the window is.
import { join } from 'node:path'
import { ROOT } from './lib.mjs'

// One build per page and process: the chart group opens the chart page a dozen times (its warm
// figures, then a fresh page per cold sample), and every one of them is the same page.
const builds = new Map()

/** The page's output directory, built on first use in this process. */
export function buildPage(name) {
  if (!builds.has(name)) {
    builds.set(
      name,
      build(name).catch((error) => {
        builds.delete(name) // a failed build is tried again by the next group, not remembered
        throw error
      }),
    )
  }
  return builds.get(name)
}

let rendererConfig = null

/** electron.vite.config.ts's renderer config, resolved by electron-vite for a production build (once a process). */
async function resolvedRenderer() {
  if (!rendererConfig) {
    const { resolveConfig } = await import('electron-vite')
    const resolved = await resolveConfig({ root: ROOT, mode: 'production', logLevel: 'error' }, 'build', 'production')
    rendererConfig = resolved.config.renderer
    if (!rendererConfig) throw new Error('electron.vite.config.ts has no renderer section')
  }
  return rendererConfig
}

async function build(name) {
  const { build: viteBuild, mergeConfig } = await import('vite')
  const root = join(ROOT, 'bench', name)
  const outDir = join(ROOT, '.bench', 'pages', name)
  const input = { index: join(root, 'index.html') }
  const config = mergeConfig(await resolvedRenderer(), {
    root,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, rollupOptions: { input }, rolldownOptions: { input } },
  })
  await viteBuild({ ...config, configFile: false })
  return outDir
}
