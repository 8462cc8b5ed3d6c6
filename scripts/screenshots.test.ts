// The docs show only pictures that `npm run screenshots` makes (issue 45): every picture the README
// and docs/ show is on its list (e2e/screenshots/pictures.ts), taken by its spec, and in docs/ at its
// size; every picture on the list is shown somewhere and named in docs/README.md. And `npm test`
// never runs it, so a test run never rewrites the docs' pictures.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PICTURES } from '../e2e/screenshots/pictures'
import { pngSize } from './screenshots.mjs'

const documents = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
]

/** Every image a document shows, as the file under docs/ it points to, with the document. */
function shown(): { document: string; file: string }[] {
  return documents.flatMap((document) =>
    [...readFileSync(document, 'utf8').matchAll(/!\[[^\]]*\]\(([^)\s]+\.png)\)/g)].map((m) => ({
      document,
      file: join(document === 'README.md' ? '.' : 'docs', m[1]!).replace(/^docs\//, ''),
    })),
  )
}

describe('the docs’ pictures', () => {
  it('every picture a document shows is one the screenshots command writes, in docs/ at its size', () => {
    const listed = new Map<string, { width: number; height: number }>(PICTURES.map((p) => [p.file, p]))
    const images = shown()
    expect(images.length).toBeGreaterThan(0)
    for (const { document, file } of images) {
      expect(listed.has(file), `${document} shows ${file}, which npm run screenshots does not write`).toBe(true)
      expect(pngSize(readFileSync(join('docs', file))), `docs/${file}`).toEqual({ width: listed.get(file)!.width, height: listed.get(file)!.height })
    }
  })

  it('every picture the command writes is taken by its spec, shown in a document and named in docs/README.md', () => {
    const spec = readdirSync('e2e/screenshots')
      .filter((name) => name.endsWith('.shots.ts'))
      .map((name) => readFileSync(join('e2e/screenshots', name), 'utf8'))
      .join('\n')
    const files = new Set(shown().map((s) => s.file))
    const index = readFileSync('docs/README.md', 'utf8')
    for (const { file } of PICTURES) {
      expect(spec, `a screenshots spec takes ${file}`).toContain(`picture(page, '${file}')`)
      expect(files.has(file), `${file} is shown by no document`).toBe(true)
      expect(index, `docs/README.md names ${file}`).toContain(`\`${file}\``)
    }
  })

  it('no picture in docs/ is left over from an earlier hand-made set', () => {
    const pngs = readdirSync('docs').filter((name) => name.endsWith('.png'))
    expect(pngs.sort()).toEqual(PICTURES.map((p) => p.file).sort())
  })

  it('npm test’s Playwright run has no screenshots project: only npm run screenshots rewrites docs/*.png', async () => {
    expect(process.env.TERMINAL_SCREENSHOTS).toBeUndefined()
    const { default: config } = await import('../playwright.config')
    const projects = config.projects ?? []
    expect(projects.map((p) => p.name)).not.toContain('screenshots')
    for (const project of projects) {
      const match = project.testMatch
      const patterns = Array.isArray(match) ? match : [match]
      for (const pattern of patterns) if (pattern instanceof RegExp) expect(pattern.test('e2e/screenshots/docs.shots.ts'), `${project.name} runs the pictures`).toBe(false)
    }
  })
})
