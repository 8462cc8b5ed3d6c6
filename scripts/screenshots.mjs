#!/usr/bin/env node
// `npm run screenshots`: rewrites every picture of the README and docs/ from the built app (the
// Playwright project `screenshots`, e2e/screenshots/), so the docs never show an old window. Builds
// when sources changed, runs the pictures' specs in a throwaway keychain (the terminal stores the
// profile's key) and, where xvfb-run exists, on a virtual display; then lists what it wrote.
// Arguments go to `playwright test` (e.g. `-- -g "bottom tab"` to make a few again).
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const docs = join(root, 'docs')
const node = process.execPath
const hasXvfb = () => spawnSync('sh', ['-c', 'command -v xvfb-run'], { stdio: 'ignore' }).status === 0

/** Width and height from a PNG's header (IHDR), or null when the file is not a PNG. */
export function pngSize(bytes) {
  if (bytes.length < 24 || bytes.toString('latin1', 1, 4) !== 'PNG') return null
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

function run(command) {
  return spawnSync(command[0], command.slice(1), { cwd: root, stdio: 'inherit', env: { ...process.env, TERMINAL_SCREENSHOTS: '1' } }).status ?? 1
}

function main() {
  const started = Date.now()
  if (run([node, join(root, 'scripts/ensure-built.mjs')]) !== 0) return 1
  const display = hasXvfb() ? ['xvfb-run', '-a', '--server-args=-screen 0 1600x1000x24'] : []
  const playwright = join(root, 'node_modules', '.bin', 'playwright')
  const status = run([node, join(root, 'scripts/with-keychain.mjs'), ...display, playwright, 'test', '--project', 'screenshots', ...process.argv.slice(2)])

  const written = readdirSync(docs)
    .filter((name) => name.endsWith('.png') && statSync(join(docs, name)).mtimeMs >= started)
    .sort()
  process.stdout.write(`\n${written.length} picture${written.length === 1 ? '' : 's'} written to docs/ in ${((Date.now() - started) / 1000).toFixed(0)} s:\n`)
  for (const name of written) {
    const bytes = readFileSync(join(docs, name))
    const size = pngSize(bytes)
    process.stdout.write(`  ${name.padEnd(22)} ${size ? `${size.width}×${size.height}` : 'not a PNG'}  ${(bytes.length / 1024).toFixed(0)} KiB\n`)
  }
  if (status !== 0) process.stdout.write('The screenshots run failed (see above): the pictures it did not reach are unchanged.\n')
  return status
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(main())
