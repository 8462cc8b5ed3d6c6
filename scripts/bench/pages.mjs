// Builds the bench pages (bench/blank-vue, bench/chart-page) with Vite, with the renderer's
// aliases and Vue plugin, into .bench/pages/. Minified, as the renderer is (electron.vite.config.ts
// turns electron-vite's unminified default off), so the baseline page is built the same way as the
// window it is compared with.
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

async function build(name) {
  const { build: viteBuild } = await import('vite')
  const vue = (await import('@vitejs/plugin-vue')).default
  const outDir = join(ROOT, '.bench', 'pages', name)
  await viteBuild({
    configFile: false,
    logLevel: 'error',
    root: join(ROOT, 'bench', name),
    base: './',
    plugins: [vue()],
    resolve: { alias: { '@domain': join(ROOT, 'electron/domain'), '@': join(ROOT, 'src') } },
    build: { outDir, emptyOutDir: true, minify: true, reportCompressedSize: false },
  })
  return outDir
}
