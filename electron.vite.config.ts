import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'
import type { Plugin } from 'vite'

const alias = {
  '@domain': resolve(__dirname, 'electron/domain'),
  '@': resolve(__dirname, 'src'),
}

/**
 * The window's entry is src/boot.ts, a few kilobytes that send the start's first calls, then import
 * main.ts (and ask for the chart's chunk). The page's head names main.ts's whole graph (each chunk it
 * needs before it runs) in a `window-modules` meta tag and links its stylesheets; boot.ts preloads
 * those modules all at once when it imports main.ts (src/window-modules.ts), so the browser does not
 * discover them one static import at a time. As modulepreload links in the head they were fetched
 * with the page, and boot.ts, the first calls and the first chart's chunk waited behind them (~30 ms
 * for boot.ts in a window alone). The web host reads the same list (web-host/static-cache.ts).
 */
function firstScreenInHead(page: string, entries: string[]): Plugin {
  return {
    name: 'first-screen-in-head',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle
        // The bench's pages are built with this config too (scripts/bench/pages.mjs): only the window's.
        if (!bundle || resolve(ctx.filename) !== page) return []
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk')
        const files = new Set<string>()
        const css = new Set<string>()
        const visit = (fileName: string): void => {
          const chunk = bundle[fileName]
          if (files.has(fileName) || chunk?.type !== 'chunk') return
          files.add(fileName)
          for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file)
          chunk.imports.forEach(visit)
        }
        for (const entry of entries) {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(entry)))
          if (!chunk) throw new Error(`first-screen-in-head: no chunk for ${entry}`)
          visit(chunk.fileName)
        }
        const stylesheet = (href: string) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `./${href}` }, injectTo: 'head' as const })
        const modules = { tag: 'meta', attrs: { name: 'window-modules', content: [...files].map((href) => `./${href}`).join(' ') }, injectTo: 'head' as const }
        return [...[...css].map(stylesheet), modules]
      },
    },
  }
}

/**
 * The window's fonts (src/styles/fonts.css) asked for with the page, not once the stylesheet has been
 * read and the first text laid out: their font-display is block, so the first paint waits for them.
 * Every page built with this config gets them (the bench's floor page too, which pays for the same).
 */
function preloadFonts(): Plugin {
  return {
    name: 'preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const fonts = Object.values(ctx.bundle ?? {}).filter((asset) => asset.type === 'asset' && asset.fileName.endsWith('.woff2'))
        return fonts.map((asset) => ({ tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true, href: `./${asset.fileName}` }, injectTo: 'head' as const }))
      },
    },
  }
}

/**
 * The first chart's code (first-chart.ts: ECharts and the painter) and what it imports, preloaded with
 * the page: boot.ts asks for it at once, but only once boot.ts itself has arrived and run, and on a
 * start again that fetch and its compile came ~70 ms after the page's own script (issue 46).
 * Preloaded, they arrive beside it.
 */
function preloadFirstChart(entry: string, page: string): Plugin {
  return {
    name: 'preload-first-chart',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk')
        const first = chunks.find((c) => c.facadeModuleId === entry || c.moduleIds.includes(entry))
        // The bench's fixture pages are built with this config too, and have no first chart.
        if (!first && ctx.filename !== page) return []
        if (!first) throw new Error(`preload-first-chart: no chunk for ${entry}`)
        const files = new Set<string>()
        const add = (fileName: string): void => {
          if (files.has(fileName)) return
          files.add(fileName)
          for (const next of chunks.find((c) => c.fileName === fileName)?.imports ?? []) add(next)
        }
        add(first.fileName)
        // The chart's own chunks (its chunk and ECharts' base, FIRST_CHART_BASE) are marked: the bench
        // counts them apart from the first screen's code (scripts/bench/bundle.mjs).
        const own = new Set([first.fileName, ...chunks.filter((c) => c.name === FIRST_CHART_BASE).map((c) => c.fileName)])
        const mark = (fileName: string) => (own.has(fileName) ? { 'data-first-chart': true } : {})
        return [...files].map((fileName) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${fileName}`, ...mark(fileName) }, injectTo: 'head' as const }))
      },
    },
  }
}

/** The first chart's second chunk: ECharts' base, what its charts and components are built on. */
const FIRST_CHART_BASE = 'first-chart-base'
const ECHARTS_BASE = /\/node_modules\/(zrender|echarts\/lib\/(util|data|model|scale|coord))\//

/**
 * The first screen in a handful of files, not thirty: what boot.ts needs, the first chart's
 * (first-chart.ts: ECharts and the painter, asked for by boot.ts, and apart from it what the window
 * shares with it), the window's code (main.ts's, with every dependency it has that those do not) and
 * the chart's (CandleChart.vue's beyond those). A browser asks a host for six files at a time, and
 * the first screen's thirty small chunks queued the start's first calls behind them. Lazy panels keep
 * their own chunks and import from these.
 */
function firstScreenGroups(root: string) {
  type Context = { getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null }
  const source = (id: string): boolean => !id.includes('/node_modules/') && (id.startsWith(resolve(root, 'src')) || id.startsWith(resolve(root, 'electron/domain')))
  /** The modules `from` imports statically; with `sourceOnly`, walking through the project's own code alone. */
  const reach = (ctx: Context, from: string, sourceOnly: boolean): Set<string> => {
    const seen = new Set<string>()
    const stack = [from]
    while (stack.length > 0) {
      const id = stack.pop()!
      const info = seen.has(id) ? null : ctx.getModuleInfo(id)
      if (!info) continue
      seen.add(id)
      // Static imports only (rolldown lists a module's dynamic imports among its importedIds too).
      for (const next of info.importedIds) if (!info.dynamicallyImportedIds.includes(next) && (!sourceOnly || source(next))) stack.push(next)
    }
    return seen
  }
  const cache = new WeakMap<object, { boot: Set<string>; firstLib: Set<string>; first: Set<string>; window: Set<string>; shared: Set<string>; chart: Set<string> }>()
  const setsOf = (ctx: Context) => {
    let sets = cache.get(ctx)
    if (!sets) {
      const boot = reach(ctx, resolve(root, 'src/boot.ts'), true)
      const windowAll = reach(ctx, resolve(root, 'src/main.ts'), false)
      const window = new Set([...windowAll].filter(source))
      // The first chart's code, libraries included: what the window uses too (the formatters, Vue's
      // reactivity) is a chunk of its own that both import, so the window never imports ECharts
      // statically and the first chart never imports the window (whose chunk would mount it).
      const first = reach(ctx, resolve(root, 'src/features/chart/first-chart.ts'), false)
      const firstLib = new Set([...first].filter((id) => windowAll.has(id)))
      const chart = reach(ctx, resolve(root, 'src/features/chart/CandleChart.vue'), true)
      const panels = reach(ctx, resolve(root, 'src/components/window-panels.ts'), true)
      // What the chart shares with the panels (the order form's store: a click on the chart fills the
      // form) is a chunk of its own, so the panels never wait for ECharts.
      const shared = new Set([...chart].filter((id) => panels.has(id) && !window.has(id)))
      sets = { boot, firstLib, first, window, shared, chart }
      cache.set(ctx, sets)
    }
    return sets
  }
  return {
    groups: [
      // boot.ts's own dependencies, whole, before the window's group would take the ones it shares.
      { debugName: 'boot', name: (id: string, ctx: Context) => (setsOf(ctx).boot.has(id) ? 'boot' : null), priority: 6 },
      { debugName: 'first-lib', name: (id: string, ctx: Context) => (setsOf(ctx).firstLib.has(id) ? 'first-lib' : null), priority: 5 },
      // ECharts' base (zrender, its data, models, scales and coordinates: ~380 KB of the first
      // chart's ~590) is a chunk of its own, so that the two compile side by side on a machine's two
      // cores: Chromium compiles each script on one thread, and the one chunk was the start's longest
      // wait (issue 46).
      { debugName: FIRST_CHART_BASE, name: (id: string, ctx: Context) => (setsOf(ctx).first.has(id) && ECHARTS_BASE.test(id) ? FIRST_CHART_BASE : null), priority: 4.5 },
      { debugName: 'first-chart', name: (id: string, ctx: Context) => (setsOf(ctx).first.has(id) ? 'first-chart' : null), priority: 4 },
      { debugName: 'window', name: (id: string, ctx: Context) => (setsOf(ctx).window.has(id) ? 'window' : null), priority: 3 },
      { debugName: 'shared', name: (id: string, ctx: Context) => (setsOf(ctx).shared.has(id) ? 'chart-and-panels' : null), priority: 2 },
      { debugName: 'chart', name: (id: string, ctx: Context) => (setsOf(ctx).chart.has(id) ? 'chart' : null), priority: 1 },
    ],
  }
}

// One build produces every Node-side entry: the Electron main process and the three hosts that run
// the same core without Electron (web host, CLI, demo exchange). They share chunks, so the core is
// compiled once. The pure-JS dependencies are bundled in: zod alone is ~100 CommonJS files that take
// Node ~80 ms to find and load, the same code in one chunk a fraction of that, and every host's start
// waits for it. keytar (native) and electron stay external and load from node_modules.
export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: 'out/main',
      externalizeDeps: { exclude: ['zod', 'ws', 'proper-lockfile', 'decimal.js', 'lossless-json'] },
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'electron/main/index.ts'),
          'web-host': resolve(__dirname, 'electron/web-host/index.ts'),
          cli: resolve(__dirname, 'electron/cli/index.ts'),
          'demo-exchange': resolve(__dirname, 'electron/demo-exchange/cli.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/preload/index.ts') },
        // A sandboxed preload cannot load ES modules: it must be one CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src',
    resolve: { alias },
    plugins: [
      vue(),
      preloadFonts(),
      preloadFirstChart(resolve(__dirname, 'src/features/chart/first-chart.ts'), resolve(__dirname, 'src/index.html')),
      firstScreenInHead(resolve(__dirname, 'src/index.html'), ['src/main.ts', 'src/components/window-panels.ts']),
    ],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves output unminified by default; the renderer's first screen has a budget.
      minify: true,
      reportCompressedSize: false,
      rollupOptions: { input: { index: resolve(__dirname, 'src/index.html') }, output: { codeSplitting: firstScreenGroups(__dirname) } },
    },
  },
})
