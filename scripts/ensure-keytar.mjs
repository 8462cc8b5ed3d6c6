#!/usr/bin/env node
// keytar is an optional native dependency built from source (it needs libsecret-1-dev, python3, make
// and a C++ compiler). On a fresh machine `npm install` runs before those system packages are there:
// keytar's build fails and npm drops it, so node_modules/keytar does not exist at all and
// `npm rebuild keytar` has nothing to rebuild. `npm test` installs the system packages first; this
// step then repairs what the earlier install could not do, and says exactly what it did:
//   1. keytar loads                → nothing to do;
//   2. it is there but won't load  → `npm rebuild keytar`;
//   3. it is missing (or still won't load) → install the version package-lock.json locks, without
//      touching package.json or the lockfile;
//   4. it still does not load      → fail with the reason. Nothing reports ok for work it did not do.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Loads keytar in a fresh Node process (a failed require is cached in this one): {ok, version?, error?}. */
export function probeKeytar(cwd = root) {
  const result = spawnSync(process.execPath, ['-e', "require('keytar');process.stdout.write(require('keytar/package.json').version)"], { cwd, encoding: 'utf8' })
  if (result.status === 0) return { ok: true, version: result.stdout.trim() }
  const error = (result.stderr || '').split('\n').find((line) => /Error|Cannot find/.test(line)) ?? `exit ${result.status}`
  return { ok: false, error: error.trim() }
}

/** The keytar version package-lock.json pins. */
export function lockedKeytarVersion(cwd = root) {
  const lock = JSON.parse(readFileSync(join(cwd, 'package-lock.json'), 'utf8'))
  const version = lock.packages?.['node_modules/keytar']?.version
  if (typeof version !== 'string') throw new Error('package-lock.json does not lock keytar')
  return version
}

function npm(args, cwd) {
  const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { cwd, stdio: 'inherit' })
  return result.status === 0
}

export function ensureKeytar({
  cwd = root,
  probe = () => probeKeytar(cwd),
  present = () => existsSync(join(cwd, 'node_modules', 'keytar', 'package.json')),
  run = (args) => npm(args, cwd),
  version = () => lockedKeytarVersion(cwd),
  log = (line) => console.log(line),
} = {}) {
  let state = probe()
  if (state.ok) {
    log(`keytar ${state.version} loads`)
    return { ok: true, action: 'none' }
  }
  let action = 'none'
  if (present()) {
    log(`keytar is installed but does not load (${state.error}); rebuilding it`)
    action = 'rebuild'
    run(['rebuild', 'keytar'])
    state = probe()
  }
  if (!state.ok) {
    const pinned = version()
    log(`keytar is ${present() ? 'still broken' : 'not installed (its build failed when npm installed, most likely before libsecret-1-dev was there)'}; installing the locked keytar@${pinned}`)
    action = 'install'
    run(['install', '--no-save', '--no-audit', '--no-fund', `keytar@${pinned}`])
    state = probe()
  }
  if (state.ok) {
    log(`keytar ${state.version} loads (after ${action})`)
    return { ok: true, action }
  }
  log(
    `keytar does not load: ${state.error}. It is built from source and needs libsecret-1-dev, python3, make ` +
      'and a C++ compiler (on Debian/Ubuntu: apt-get install libsecret-1-dev build-essential python3), then `npm rebuild keytar`.',
  )
  return { ok: false, action }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(ensureKeytar().ok ? 0 : 1)
}
