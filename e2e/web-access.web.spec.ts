// Access to the web host end to end, as a person meets it: the URL the web host prints opens one
// window, once; the address bar, web storage and page scripts never hold anything that grants access;
// whoever comes without the session cookie is refused and told how to open the terminal again; and the
// Chromium profile the web host's own window uses keeps no secret and no usable access afterwards.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { demoAccountKeys, shot } from './helpers'
import { startWebHost, tradeCode, type RunningHost } from './web-host'

let host: RunningHost | null = null

test.afterEach(async () => {
  await host?.stop()
  host = null
})

const codeOf = (url: string) => new URL(url).searchParams.get('code') ?? ''

/** Every key and value of localStorage and sessionStorage, as one string. */
async function webStorage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const g = globalThis as unknown as { localStorage: Storage; sessionStorage: Storage }
    const dump = (s: Storage) => Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i) ?? '')}`)
    return JSON.stringify([dump(g.localStorage), dump(g.sessionStorage)])
  })
}

test('the printed URL opens one window once; a second browser gets a page that says how to open the terminal again', async ({ browser }) => {
  host = await startWebHost()
  const code = codeOf(host.printedUrl)

  const first = await browser.newContext()
  const page = await first.newPage()
  const response = await page.goto(host.printedUrl)
  expect(response?.status()).toBe(200)
  expect(response?.headers()['referrer-policy']).toBe('no-referrer')
  await expect(page.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('app-info')).toContainText('web')

  // After load: the code is gone from the address bar, and nothing about access is in web storage
  // or within reach of the page's scripts.
  expect(page.url()).toBe(`${host.origin}/`)
  const [cookie, ...others] = await first.cookies()
  expect(others).toEqual([])
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', expires: -1 })
  expect(cookie!.value).not.toContain(code)
  const storage = await webStorage(page)
  expect(storage).not.toContain(code)
  expect(storage).not.toContain(cookie!.value)
  expect(await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie)).toBe('')

  // A reload keeps working with the cookie alone.
  await page.reload()
  await expect(page.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })

  // The same printed URL in a second browser context: refused, with the way back in.
  const second = await browser.newContext()
  const other = await second.newPage()
  const refused = await other.goto(host.printedUrl)
  expect(refused?.status()).toBe(401)
  expect(refused?.headers()['referrer-policy']).toBe('no-referrer')
  await expect(other.getByTestId('signed-out')).toContainText('npm start')
  await expect(other.getByTestId('signed-out')).toContainText('npm run web-host')
  expect(await second.cookies()).toEqual([])
  await shot(other, 'web-access-signed-out')
  // Its page scripts get nothing either.
  const fromSecond = await other.evaluate(async () => (await fetch('/api/app.info', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status)
  expect(fromSecond).toBe(401)

  // Nor can anyone trade the used code.
  await expect(tradeCode(host.origin, code)).rejects.toThrow(/401/)
  await first.close()
  await second.close()
})

test('a code someone else traded first: the window shows the page that says how to open the terminal again', async ({ page }) => {
  host = await startWebHost()
  const code = codeOf(host.printedUrl)
  // Someone who read the URL (from Chromium's command line, say) trades the code while the window
  // is still loading; the window's own trade then comes too late.
  await page.route('**/session', async (route) => {
    await tradeCode(host!.origin, code)
    await route.continue()
  })
  await page.goto(host.printedUrl)
  await expect(page.getByTestId('signed-out')).toContainText('npm start')
  expect(page.url()).toBe(`${host.origin}/`)
  expect(await page.context().cookies()).toEqual([])
})

test('API calls and the event stream without the session cookie are refused', async () => {
  host = await startWebHost()
  const call = await fetch(`${host.origin}/api/profiles.list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
  expect(call.status).toBe(401)
  expect(call.headers.get('referrer-policy')).toBe('no-referrer')
  const events = await fetch(`${host.origin}/events`)
  expect(events.status).toBe(401)
  // A code is not a session.
  const withCode = await fetch(`${host.origin}/events`, { headers: { cookie: `terminal-session-${new URL(host.origin).port}=${codeOf(host.printedUrl)}` } })
  expect(withCode.status).toBe(401)
  // With the session the same call is answered, so the refusals above are about access alone.
  const allowed = await fetch(`${host.origin}/api/profiles.list`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: await host.cookie() }, body: '{}' })
  expect(allowed.status).toBe(200)
})

/** Every file under `dir` (no symlinks: Chromium links its singleton lock to the host name). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isSymbolicLink()) return []
    return entry.isDirectory() ? filesUnder(path) : [path]
  })
}

test("the web host's own Chromium window: password manager off, and its profile keeps no secret and no usable access", async () => {
  test.setTimeout(90_000)
  const keys = await demoAccountKeys()
  // Our own data directory: it must outlive the web host, to be read after the window closed.
  const dataDir = mkdtempSync(join(tmpdir(), 'terminal-e2e-browser-'))
  host = await startWebHost({ open: true, dataDir })
  const code = codeOf(host.printedUrl)
  const port = new URL(host.origin).port

  // The window trades the printed code as soon as its page runs; until then GET shows the app page.
  await expect.poll(async () => (await fetch(host!.printedUrl)).status, { timeout: 30_000, message: 'the window opened the printed URL' }).toBe(401)
  // The code is spent: no one who reads it from Chromium's command line or its History can use it.
  await expect(tradeCode(host.origin, code)).rejects.toThrow(/401/)

  // A normal Chromium profile writes its cookies (session cookies too) every 30 s, not on a
  // signal-triggered exit: wait for one such write, so a window that kept the cookie would show it.
  await new Promise((resolve) => setTimeout(resolve, 32_000))
  // Stopping the web host closes the window, which writes the rest of its profile to disk.
  const profileDir = join(dataDir, 'browser-profile')
  await host.stop()
  host = null
  try {
    scanProfile(
      profileDir,
      keys.map((k) => k.apiSecret),
      port,
      code,
    )
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
})

function scanProfile(profileDir: string, secrets: string[], port: string, code: string): void {
  const files = filesUnder(profileDir).filter((file) => statSync(file).size < 50 * 1024 * 1024)
  expect(files.length).toBeGreaterThan(0)

  const preferences = JSON.parse(readFileSync(join(profileDir, 'Default', 'Preferences'), 'utf8')) as {
    credentials_enable_service?: boolean
    profile?: { password_manager_enabled?: boolean }
    session?: { restore_on_startup?: number }
  }
  expect(preferences.credentials_enable_service).toBe(false)
  expect(preferences.profile?.password_manager_enabled).toBe(false)
  expect(preferences.session?.restore_on_startup).toBe(5)

  const holders = (needle: string) => files.filter((file) => readFileSync(file).includes(needle))
  for (const secret of secrets) expect(holders(secret), 'an API secret of the demo accounts').toEqual([])
  // The window is incognito: the session cookie (its name is stored in clear beside an encrypted
  // value) and the visited URL with its spent code stay in memory.
  expect(holders(`terminal-session-${port}`), 'the session cookie').toEqual([])
  expect(holders(code), 'the one-time code').toEqual([])
}
