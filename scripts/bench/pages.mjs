// Builds the bench pages (bench/blank-vue, bench/chart-page) with Vite, with the renderer's
// aliases and Vue plugin, into .bench/pages/. Minification follows the renderer's build (the
// electron-vite default for the renderer), so the baseline page is built the same way.
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
    build: { outDir, emptyOutDir: true, minify: false, reportCompressedSize: false },
  })
  return outDir
}
