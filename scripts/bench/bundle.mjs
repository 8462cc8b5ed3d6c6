// The JavaScript and CSS of the first screen: every script index.html loads (module scripts,
// modulepreload links, and the window's modules its `window-modules` meta tag names, which boot.ts
// preloads) and, recursively, what those import statically (other dynamic import() chunks are not
// first-screen), and every stylesheet it links. Sized as built, minified (esbuild, whitespace +
// identifiers + syntax: what a minifying build would ship) and gzipped. The fonts it preloads are
// counted apart (`fonts`): they are already compressed (woff2), and their budget is their own. So is
// the first chart's chunk (ECharts and the painter, `chart`): preloaded with the page
// (data-first-chart) but asked for beside the first calls, not in front of the window's code; what
// it alone brings is measured apart from the first screen it does not hold up.
import { readFileSync, existsSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { dirname, join, normalize } from 'node:path'
import { ROOT } from './lib.mjs'

function staticImports(code) {
  const found = new Set()
  // import x from "./a.js" / import "./a.js" / export * from "./a.js" — never import("./a.js").
  const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g
  let m
  while ((m = re.exec(code))) found.add(m[1])
  return [...found]
}

export async function measureBundle(dir = join(ROOT, 'out/renderer')) {
  const indexPath = join(dir, 'index.html')
  if (!existsSync(indexPath)) throw new Error(`${indexPath} is missing: build first (npm run build:fast)`)
  const html = readFileSync(indexPath, 'utf8')
  const entries = new Set()
  const chartEntries = new Set()
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) entries.add(m[1])
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*>/g)) {
    const href = /href="([^"]+\.js)"/.exec(m[0])?.[1]
    if (href) (m[0].includes('data-first-chart') ? chartEntries : entries).add(href)
  }
  const named = /<meta\s+name="window-modules"\s+content="([^"]*)"/.exec(html)?.[1] ?? ''
  for (const src of named.split(/\s+/).filter((s) => s.endsWith('.js'))) entries.add(src)
  /** `from` and, recursively, what they import statically, less what `known` holds. */
  const closure = (from, known = new Set()) => {
    const files = new Set()
    const queue = [...from].map((src) => normalize(join(dir, src.replace(/^\//, ''))))
    while (queue.length) {
      const file = queue.shift()
      if (files.has(file) || known.has(file) || !existsSync(file)) continue
      files.add(file)
      for (const spec of staticImports(readFileSync(file, 'utf8'))) {
        if (spec.startsWith('.') || spec.startsWith('/')) queue.push(normalize(spec.startsWith('/') ? join(dir, spec) : join(dirname(file), spec)))
      }
    }
    return files
  }
  const files = closure(entries)
  const chartFiles = closure(chartEntries, files)
  const linked = (rel) => [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(`rel="${rel}"`))
  const hrefOf = (tag) => /href="([^"]+)"/.exec(tag)?.[1]
  const inDir = (href) => normalize(join(dir, href.replace(/^\//, '')))
  const stylesheets = new Set(linked('stylesheet').map(hrefOf).filter(Boolean).map(inDir))
  const fonts = new Set(
    linked('preload')
      .filter((tag) => tag.includes('as="font"'))
      .map(hrefOf)
      .filter(Boolean)
      .map(inDir),
  )
  const { transform } = await import('esbuild')
  const sized = async (list) => {
    const size = { raw: 0, minified: 0, gzip: 0 }
    for (const file of list) {
      const code = readFileSync(file, 'utf8')
      const loader = file.endsWith('.css') ? 'css' : 'js'
      const min = (await transform(code, { loader, minify: true, ...(loader === 'js' ? { format: 'esm', target: 'es2022' } : {}), legalComments: 'none' })).code
      size.raw += Buffer.byteLength(code)
      size.minified += Buffer.byteLength(min)
      size.gzip += gzipSync(min).length
    }
    return size
  }
  const { raw, minified, gzip } = await sized([...files, ...stylesheets])
  const chart = { files: [...chartFiles].map((f) => f.slice(dir.length + 1)), ...(await sized([...chartFiles])) }
  const fontBytes = [...fonts].reduce((sum, file) => sum + (existsSync(file) ? readFileSync(file).length : 0), 0)
  const relative = (f) => f.slice(dir.length + 1)
  return { files: [...files, ...stylesheets].map(relative), raw, minified, gzip, chart, fonts: { files: [...fonts].map(relative), bytes: fontBytes } }
}
