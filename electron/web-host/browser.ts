// The browser window the web host opens: Chromium or Chrome in app mode, with a profile of its own
// under the data directory. It gets the one-time URL and nothing else that grants access (its command
// line is readable by every local user), and its profile never offers to save what is typed into the
// profile form: the API secret is not a website password. The window is an incognito one, because a
// normal profile writes even session cookies to its Cookies file every 30 s, and the visited URL (the
// code) to its session-restore files; incognito keeps both in memory.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Chromium or Chrome in app mode, when one is installed. */
export function findBrowser(): string | null {
  const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome']
  return candidates.find((c) => existsSync(c)) ?? null
}

type Json = Record<string, unknown>

/**
 * Turns the password manager off in the profile's `Default/Preferences` (Chromium reads it at start
 * and keeps unknown and set keys), keeping whatever else Chromium wrote there before. It also pins
 * "open the new tab page" at start: "continue where you left off" would write session cookies (the
 * web host's access) to disk. A damaged file is replaced: it holds only this window's settings.
 */
export function prepareProfile(profileDir: string): void {
  const dir = join(profileDir, 'Default')
  const file = join(dir, 'Preferences')
  let prefs: Json = {}
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) prefs = parsed as Json
  } catch {
    // missing or unreadable: start from nothing
  }
  const profile = prefs.profile && typeof prefs.profile === 'object' ? (prefs.profile as Json) : {}
  prefs.credentials_enable_service = false
  prefs.profile = { ...profile, password_manager_enabled: false }
  const session = prefs.session && typeof prefs.session === 'object' ? (prefs.session as Json) : {}
  prefs.session = { ...session, restore_on_startup: 5 }
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  writeFileSync(file, JSON.stringify(prefs), { mode: 0o600 })
}

/** The command line: the one-time URL, the profile, incognito, and no background traffic. */
export function browserArgs(url: string, profileDir: string, asRoot: boolean): string[] {
  return [
    `--app=${url}`,
    `--user-data-dir=${profileDir}`,
    '--window-size=1440,900',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--incognito', // cookies and history in memory only (see above)
    // Chromium refuses to start as root with its sandbox on.
    ...(asRoot ? ['--no-sandbox'] : []),
  ]
}

export function openBrowser(exe: string, url: string, profileDir: string): ChildProcess {
  prepareProfile(profileDir)
  return spawn(exe, browserArgs(url, profileDir, process.getuid?.() === 0), { stdio: 'ignore', detached: false })
}
