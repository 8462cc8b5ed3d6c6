#!/usr/bin/env node
// `npm test`: everything a change must pass, in the order that fails fastest. System packages
// first (installed on Debian/Ubuntu as root, named elsewhere), then type checks, lint, format, unit tests,
// the build, the keychain tests against a real gnome-keyring, and the end-to-end tests in Chromium
// (and in Electron where its binary exists). Stops at the first failing step.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CommandLineError, commandLineOrExit } from './lib/command-line.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => join(root, 'node_modules', '.bin', name)
const node = process.execPath
const VITEST_STRICT = ['--allowOnly=false', '--reporter=default', '--reporter=./vitest-skip-reasons.ts']
const hasXvfb = () => spawnSync('sh', ['-c', 'command -v xvfb-run'], { stdio: 'ignore' }).status === 0

const steps = [
  ['system packages', [node, join(root, 'scripts/system-deps.mjs')]],
  // keytar is an optional native module: if npm dropped it (installed before libsecret was there) or it
  // does not load, install or rebuild the locked version now, and fail if it still cannot load.
  ['keytar native module', [node, join(root, 'scripts/ensure-keytar.mjs')]],
  ['type check (node)', [bin('tsc'), '--noEmit', '-p', 'tsconfig.node.json']],
  ['type check (web)', [bin('vue-tsc'), '--noEmit', '-p', 'tsconfig.web.json']],
  ['lint', [bin('eslint'), '--max-warnings', '0', '.']],
  // One layout for every source file (.prettierrc.json); `npm run format` fixes what this finds.
  ['format', [bin('prettier'), '--check', '--log-level', 'warn', '.']],
  // As on CI whether or not CI is set: a committed .only fails the run instead of quietly running one
  // test, and each skipped test is listed with its reason.
  ['unit tests', [bin('vitest'), 'run', ...VITEST_STRICT]],
  ['build', [node, join(root, 'scripts/ensure-built.mjs')]],
  ['keychain tests', [node, join(root, 'scripts/with-keychain.mjs'), bin('vitest'), 'run', '--config', 'vitest.keychain.config.mts', ...VITEST_STRICT]],
  // The end-to-end run needs a keychain (the terminal stores the demo profile's key) and, for the
  // Electron project, a display.
  // (a function: xvfb-run may only exist once the system packages step has installed it)
  [
    'end-to-end tests',
    () => [node, join(root, 'scripts/with-keychain.mjs'), ...(hasXvfb() ? ['xvfb-run', '-a', '--server-args=-screen 0 1600x1000x24'] : []), bin('playwright'), 'test', '--forbid-only'],
  ],
]

// --only picks steps by the start of their names; one that names no step is a typo, not "nothing to run".
const USAGE = `usage: npm test -- [--only <step>,...]   steps: ${steps.map(([name]) => name).join(', ')}`
const onlyArg = commandLineOrExit('test', USAGE, { only: { type: 'string' } }, ({ values }) => {
  const only = values.only?.split(',').map((o) => o.trim())
  const unknown = only?.filter((o) => o === '' || !steps.some(([name]) => name.startsWith(o))) ?? []
  if (unknown.length > 0) throw new CommandLineError(`--only: no step starts with ${unknown.map((o) => `"${o}"`).join(', ')}`)
  return only
})

const results = []
const started = Date.now()
for (const [name, commandOrFn] of steps) {
  const command = typeof commandOrFn === 'function' ? commandOrFn() : commandOrFn
  if (onlyArg && !onlyArg.some((o) => name.startsWith(o))) continue
  process.stdout.write(`\n▶ ${name}\n`)
  const t0 = Date.now()
  const run = spawnSync(command[0], command.slice(1), { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR } })
  const ok = run.status === 0
  results.push({ name, ok, seconds: ((Date.now() - t0) / 1000).toFixed(1) })
  process.stdout.write(`${ok ? '✔' : '✘'} ${name} (${results.at(-1).seconds} s)\n`)
  if (!ok) break
}

const passed = results.filter((r) => r.ok).length
const failed = results.length - passed
process.stdout.write(`\nnpm test finished in ${((Date.now() - started) / 1000).toFixed(0)} s\n`)
for (const r of results) process.stdout.write(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)\n`)
process.stdout.write(`steps: ${passed} passed, ${failed} failed\n`)
// CI keeps the tail of the output: the end-to-end failures (written by e2e/skip-reasons-reporter.ts)
// come once more here, last, so the reason for a red run is never cut off.
const e2eFailures = join(root, 'test-results', 'e2e-failures.txt')
if (results.some((r) => !r.ok && r.name === 'end-to-end tests') && existsSync(e2eFailures)) {
  process.stdout.write(`\nwhy the end-to-end tests failed:\n${readFileSync(e2eFailures, 'utf8')}`)
}
process.exit(failed === 0 && existsSync(root) ? 0 : 1)
