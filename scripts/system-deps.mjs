#!/usr/bin/env node
// The system packages the test suite needs beyond node_modules: a Chromium for the end-to-end tests,
// a virtual X display for it, and a D-Bus session with gnome-keyring for the keychain tests.
//
//   node scripts/system-deps.mjs           check; on Debian/Ubuntu as root, install what is missing
//   node scripts/system-deps.mjs --check   check only
//
// Prints one line when everything is present. scripts/test.mjs imports ensureSystemDeps().
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { commandLineOrExit } from './lib/command-line.mjs'

function hasCommand(command) {
  return spawnSync('sh', ['-c', 'command -v "$1" >/dev/null 2>&1', 'sh', command]).status === 0
}

function dpkgInstalled(pkg) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' })
  return result.status === 0 && result.stdout.includes('install ok installed')
}

/** Each Debian package, why it is needed, and how to tell it is there without asking dpkg. */
export const SYSTEM_DEPS = [
  { pkg: 'chromium', why: 'end-to-end tests', present: () => hasCommand('chromium') || hasCommand('chromium-browser') },
  { pkg: 'xvfb', why: 'xvfb-run, a virtual display', present: () => hasCommand('xvfb-run') },
  { pkg: 'xauth', why: 'xvfb-run needs it', present: () => hasCommand('xauth') },
  { pkg: 'dbus', why: 'dbus-run-session, a private D-Bus session', present: () => hasCommand('dbus-run-session') && hasCommand('dbus-send') },
  { pkg: 'gnome-keyring', why: 'the Secret Service for keychain tests', present: () => hasCommand('gnome-keyring-daemon') },
  { pkg: 'libsecret-tools', why: 'secret-tool, to look into the keychain', present: () => hasCommand('secret-tool') },
  {
    pkg: 'libsecret-1-dev',
    why: 'building keytar',
    present: () => dpkgInstalled('libsecret-1-dev') || spawnSync('pkg-config', ['--exists', 'libsecret-1']).status === 0,
  },
]

/** The packages that are missing. */
export function missingSystemDeps(deps = SYSTEM_DEPS) {
  return deps.filter((dep) => !dep.present())
}

const isDebianLike = () => existsSync('/etc/debian_version') && hasCommand('apt-get')
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0

function runInherit(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
  return result.status === 0
}

/**
 * Checks the packages and, when allowed and possible (Debian/Ubuntu, root), installs the missing
 * ones. Returns { ok, missing: [package names], installed: [package names] }.
 */
export function ensureSystemDeps(options = {}) {
  const { install = true, deps = SYSTEM_DEPS, log = (line) => console.log(line), warn = (line) => console.error(line), debian = isDebianLike(), root = isRoot(), run = runInherit } = options

  const missing = missingSystemDeps(deps)
  if (missing.length === 0) {
    log(`system-deps: all present (${deps.map((dep) => dep.pkg).join(', ')})`)
    return { ok: true, missing: [], installed: [] }
  }
  const names = missing.map((dep) => dep.pkg)
  const listing = missing.map((dep) => `${dep.pkg} (${dep.why})`).join(', ')

  if (!install || !debian || !root) {
    const how = debian ? `install them with: sudo apt-get install --no-install-recommends ${names.join(' ')}` : 'install the equivalent packages with your system package manager'
    warn(`system-deps: missing ${listing}; ${how}`)
    return { ok: false, missing: names, installed: [] }
  }

  log(`system-deps: installing ${names.join(' ')}`)
  const installed = run('apt-get', ['update']) && run('apt-get', ['install', '-y', '--no-install-recommends', ...names])
  const still = missingSystemDeps(missing).map((dep) => dep.pkg)
  if (!installed || still.length > 0) {
    warn(`system-deps: could not install ${(still.length > 0 ? still : names).join(' ')}`)
    return { ok: false, missing: still.length > 0 ? still : names, installed: [] }
  }
  return { ok: true, missing: [], installed: names }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { check } = commandLineOrExit('system-deps', 'usage: node scripts/system-deps.mjs [--check]   (--check: only check, never install)', { check: { type: 'boolean' } }, ({ values }) => values)
  const result = ensureSystemDeps({ install: check !== true })
  process.exit(result.ok ? 0 : 1)
}
