// Builds the bench pages (bench/blank-vue, bench/chart-page) with Vite, with the renderer's
// aliases and Vue plugin, into .bench/pages/. Minified, as the renderer is (electron.vite.config.ts
// turns electron-vite's unminified default off), so the baseline page is built the same way as the
// window it is compared with.
import { join } from 'node:path'
import { ROOT } from './lib.mjs'

export async function buildPage(name) {
  const { build } = await import('vite')
  const vue = (await import('@vitejs/plugin-vue')).default
  const outDir = join(ROOT, '.bench', 'pages', name)
  await build({
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
