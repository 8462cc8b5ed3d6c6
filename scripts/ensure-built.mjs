#!/usr/bin/env node
// Builds the app (electron-vite) when any source is newer than the last build, so `npm start`,
// `npm run web-host`, `npm run cli` and the tests always run current code. Build output goes to
// stderr: the hosts print machine-readable JSON on stdout.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { commandLineOrExit } from './lib/command-line.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const stamp = join(root, 'out', '.build-stamp')
const inputs = ['electron', 'src', 'resources', 'electron.vite.config.ts', 'package.json', 'tsconfig.node.json', 'tsconfig.web.json']

function newest(path) {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let max = st.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test-util.ts')) continue
    max = Math.max(max, newest(join(path, entry)))
  }
  return max
}

export function needsBuild() {
  if (!existsSync(stamp)) return true
  const built = statSync(stamp).mtimeMs
  return inputs.some((p) => newest(join(root, p)) > built)
}

export function build() {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: root,
    stdio: ['ignore', process.stderr, process.stderr],
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
  })
  if (result.status !== 0) {
    process.stderr.write('The build failed; see the messages above.\n')
    process.exit(result.status ?? 1)
  }
  writeFileSync(stamp, new Date().toISOString())
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { quiet } = commandLineOrExit('ensure-built', 'usage: node scripts/ensure-built.mjs [--quiet]', { quiet: { type: 'boolean' } }, ({ values }) => values)
  if (needsBuild()) {
    if (!quiet) process.stderr.write('Building the terminal (sources changed since the last build)…\n')
    build()
  }
}
