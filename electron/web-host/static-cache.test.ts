// The web host keeps the renderer's files in memory: the page's own files are read as it starts
// listening, so they are answered at once while the core starts; nothing else about what is served
// changes (missing files are asked for again, nothing outside the folder is read).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { StaticFile } from '../host/static-files'
import { createStaticCache, linkedPaths } from './static-cache'

let dir = ''
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const INDEX = `<!doctype html>
<html><head>
  <link rel="icon" href="data:," />
  <script type="module" crossorigin src="./assets/index-abc.js"></script>
  <link rel="modulepreload" crossorigin href="./assets/vue-def.js">
  <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  <meta name="window-modules" content="./assets/window-mno.js ./assets/vue-def.js">
</head><body><div id="app"></div></body></html>`

function build(): string {
  dir = mkdtempSync(join(tmpdir(), 'static-cache-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), INDEX)
  for (const name of ['index-abc.js', 'vue-def.js', 'index-ghi.css', 'window-mno.js', 'Lazy-jkl.js']) writeFileSync(join(dir, 'assets', name), `/* ${name} */`)
  return dir
}

const text = async (file: Promise<StaticFile>) => {
  const f = await file
  return f.status === 200 ? f.body.toString() : `404 ${f.reason}`
}

describe('the web host static file cache', () => {
  it('finds the scripts, preloads and styles the page links to, and the window modules it names', () => {
    expect(linkedPaths(INDEX)).toEqual(['/assets/index-abc.js', '/assets/vue-def.js', '/assets/index-ghi.css', '/assets/window-mno.js', '/assets/vue-def.js'])
  })

  it('has the page and its linked files in hand from the start, even if the disk no longer answers', async () => {
    const root = build()
    const cache = createStaticCache(root)
    await new Promise((r) => setTimeout(r, 50))
    rmSync(join(root, 'assets'), { recursive: true })
    rmSync(join(root, 'index.html'))
    expect(await text(cache.get('/'))).toContain('<div id="app">')
    expect(await text(cache.get('/assets/index-abc.js'))).toBe('/* index-abc.js */')
    expect(await text(cache.get('/assets/index-ghi.css'))).toBe('/* index-ghi.css */')
    expect(await text(cache.get('/assets/window-mno.js'))).toBe('/* window-mno.js */')
    // A chunk the page loads later was never read: it needs the disk.
    expect(await text(cache.get('/assets/Lazy-jkl.js'))).toMatch(/^404/)
  })

  it('asks again for a file that was missing, and still refuses paths outside the folder', async () => {
    const root = build()
    const cache = createStaticCache(root)
    expect(await text(cache.get('/assets/later.js'))).toMatch(/^404/)
    writeFileSync(join(root, 'assets', 'later.js'), '/* later */')
    expect(await text(cache.get('/assets/later.js'))).toBe('/* later */')
    writeFileSync(join(root, '..', `outside-${process.pid}.txt`), 'not for the page')
    try {
      expect(await text(cache.get(`/..%2foutside-${process.pid}.txt`))).toMatch(/^404/)
    } finally {
      rmSync(join(root, '..', `outside-${process.pid}.txt`), { force: true })
    }
  })
})
