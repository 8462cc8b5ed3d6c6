#!/usr/bin/env node
// Runs a command against a real, throwaway OS keychain: a private D-Bus session with an unlocked
// gnome-keyring (the Secret Service keytar talks to on Linux) and a temporary HOME, so the test never
// touches the user's own keyring and leaves nothing behind.
//
//   node scripts/with-keychain.mjs npx vitest run --config vitest.keychain.config.mts
//
// The exit code is the command's. Without dbus-run-session or gnome-keyring-daemon it says which
// Debian packages are missing and exits non-zero: the keychain tests must fail, not pass by skipping.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** The programs this needs, and the Debian package of each. */
export const KEYCHAIN_TOOLS = [
  { command: 'dbus-run-session', pkg: 'dbus' },
  { command: 'dbus-send', pkg: 'dbus' },
  { command: 'gnome-keyring-daemon', pkg: 'gnome-keyring' },
]

export function hasCommand(command) {
  return spawnSync('sh', ['-c', 'command -v "$1" >/dev/null 2>&1', 'sh', command]).status === 0
}

/** The tools that are not installed, as {command, pkg}. */
export function missingKeychainTools() {
  return KEYCHAIN_TOOLS.filter((tool) => !hasCommand(tool.command))
}

// Inside the D-Bus session: start the keyring in the foreground (so it can be stopped at the end, and
// cannot outlive the test), unlock it with a password passed through the environment (never the
// command line, where `ps` would show it), wait until it owns the Secret Service name on the bus
// (otherwise the first request would D-Bus-activate a second, locked daemon), then run the command.
const INNER = `
printf "%s" "$KEYRING_PW" | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null &
keyring=$!
unset KEYRING_PW
tries=0
until dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q "boolean true"; do
  tries=$((tries + 1))
  if [ "$tries" -gt 200 ] || ! kill -0 "$keyring" 2>/dev/null; then
    echo "with-keychain: gnome-keyring-daemon did not come up on the session bus" >&2
    kill "$keyring" 2>/dev/null
    exit 70
  fi
  sleep 0.05
done
"$@"
status=$?
kill "$keyring" 2>/dev/null
wait "$keyring" 2>/dev/null
exit "$status"
`

// dbus-daemon warns on every start in containers that may not raise their fd limit; the line says
// nothing about the test, so it is dropped and everything else on stderr passes through.
const NOISE = /^dbus-daemon\[\d+\]: .*Failed to set fd limit/

function filterStderr(stream) {
  let pending = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk) => {
    pending += chunk
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) if (!NOISE.test(line)) process.stderr.write(`${line}\n`)
  })
  stream.on('end', () => {
    if (pending !== '' && !NOISE.test(pending)) process.stderr.write(pending)
  })
}

/** Runs `argv` inside the keychain session; resolves with its exit code. */
export function runWithKeychain(argv) {
  const home = mkdtempSync(join(tmpdir(), 'keychain-home-'))
  const dirs = {
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    // A private runtime dir: on a desktop the real one holds the user's keyring control socket.
    XDG_RUNTIME_DIR: join(home, 'run'),
  }
  mkdirSync(join(dirs.XDG_DATA_HOME, 'keyrings'), { recursive: true, mode: 0o700 })
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true, mode: 0o700 })

  const env = { ...process.env, HOME: home, ...dirs, KEYRING_PW: randomBytes(16).toString('hex') }
  for (const name of ['DBUS_SESSION_BUS_ADDRESS', 'GNOME_KEYRING_CONTROL', 'SSH_AUTH_SOCK']) delete env[name]

  const child = spawn('dbus-run-session', ['--', 'sh', '-c', INNER, 'sh', ...argv], { env, stdio: ['inherit', 'inherit', 'pipe'] })
  filterStderr(child.stderr)
  const forward = (signal) => child.kill(signal)
  process.on('SIGINT', forward)
  process.on('SIGTERM', forward)

  return new Promise((resolve) => {
    const finish = (code) => {
      process.off('SIGINT', forward)
      process.off('SIGTERM', forward)
      rmSync(home, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 })
      resolve(code)
    }
    child.on('error', (error) => {
      console.error(`with-keychain: could not start dbus-run-session: ${error.message}`)
      finish(1)
    })
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 + (signalNumbers[signal] ?? 1) : 1)))
  })
}

const signalNumbers = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }

async function main() {
  const argv = process.argv.slice(2)
  if (argv.length === 0) {
    console.error('usage: node scripts/with-keychain.mjs <command> [args...]')
    process.exit(2)
  }
  const missing = missingKeychainTools()
  if (missing.length > 0) {
    const names = missing.map((tool) => tool.command).join(', ')
    const pkgs = [...new Set(missing.map((tool) => tool.pkg))].join(' ')
    console.error(`with-keychain: ${names} not found; install the Debian packages: apt-get install ${pkgs} (or run node scripts/system-deps.mjs as root)`)
    process.exit(69)
  }
  process.exit(await runWithKeychain(argv))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
