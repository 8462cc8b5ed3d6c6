// A stored API secret stays with the exchange it was entered for, through the real web host: a
// profile's base URL moved to another origin without the key again is refused — by the core and, before
// saving, by the form — and a recording server standing at the new address never receives the secret,
// not even when the profile is activated and tested afterwards. Plain http to another computer and a
// user:pass@ address are refused with the reason.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test, expect, type Page } from '@playwright/test'
import type { ProfileView, SessionState } from '../electron/domain/api/api'
import { BASE_URL_MESSAGES, ORIGIN_CHANGE_MESSAGE } from '../electron/domain/origin'
import { callApi, startWebHost, type RunningHost } from './web-host'
import { demoAccountKeys, openApp, session, shot, type DemoAccountKeys } from './helpers'

let host: RunningHost
let sub: DemoAccountKeys
let demoBaseUrl: string
let recorder: Server
let recorderUrl: string
/** Everything the recording server was sent: request line, headers and body. */
const recorded: string[] = []

test.beforeAll(async () => {
  recorder = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      recorded.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)} ${body}`)
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"token":"recorded"}')
    })
  })
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve))
  recorderUrl = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/api/v3`
  host = await startWebHost()
  const found = (await demoAccountKeys()).find((a) => a.name === 'Demo Scalping Desk')
  if (!found) throw new Error('the demo exchange has no "Demo Scalping Desk" sub-account')
  sub = found
  const state = await session(host)
  if (!state.profile) throw new Error('the web host started without its demo profile')
  demoBaseUrl = state.profile.baseUrl
})
test.afterAll(async () => {
  // The keychain outlives the host: leave no entry behind for the specs that scan it afterwards.
  if (host) for (const p of await callApi<ProfileView[]>(host, 'profiles.list')) if (p.name === 'Origin-bound desk') await callApi(host, 'profiles.remove', { id: p.id })
  await host?.stop()
  await new Promise((resolve) => recorder?.close(resolve))
})

/** The error message of a refused call (callApi throws "<method>: <message>"). */
async function refusal(call: Promise<unknown>): Promise<string> {
  const outcome = await call.then(
    () => 'accepted',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  )
  expect(outcome, 'the call must be refused').not.toBe('accepted')
  return outcome
}

/** A profile for the demo sub-account, stored with its key and secret (made once, shared by the tests). */
async function boundProfile(): Promise<ProfileView> {
  const existing = (await callApi<ProfileView[]>(host, 'profiles.list')).find((p) => p.name === 'Origin-bound desk')
  return existing ?? callApi<ProfileView>(host, 'profiles.create', { name: 'Origin-bound desk', baseUrl: demoBaseUrl, apiKey: sub.apiKey, apiSecret: sub.apiSecret })
}

const heardSecret = () => recorded.some((line) => line.includes(sub.apiSecret))

test('a base-URL-only update to another origin is refused, and the new host never receives the secret', async () => {
  const profile = await boundProfile()

  const message = await refusal(callApi(host, 'profiles.update', { id: profile.id, baseUrl: recorderUrl }))
  expect(message).toContain(ORIGIN_CHANGE_MESSAGE)
  const stored = (await callApi<ProfileView[]>(host, 'profiles.list')).find((p) => p.id === profile.id)
  expect(stored?.baseUrl).toBe(demoBaseUrl)

  // Activating and testing the profile afterwards still talks only to its own exchange.
  const state = await callApi<SessionState>(host, 'profiles.activate', { id: profile.id })
  expect(state.profile?.baseUrl).toBe(demoBaseUrl)
  expect(state.connection.state).toBe('online')
  await callApi(host, 'profiles.test', { id: profile.id })
  // A path change on the same origin is no new exchange: allowed without the key.
  await callApi(host, 'profiles.update', { id: profile.id, baseUrl: `${demoBaseUrl}/` })

  expect(heardSecret()).toBe(false)
  expect(recorded).toEqual([])
})

test('plain http to another computer and a user:pass@ address are refused, with the reason', async () => {
  const input = { name: 'Clear-text desk', apiKey: sub.apiKey, apiSecret: sub.apiSecret }
  expect(await refusal(callApi(host, 'profiles.create', { ...input, baseUrl: 'http://exchange.invalid/api/v3' }))).toContain(BASE_URL_MESSAGES.plainHttp)
  expect(await refusal(callApi(host, 'profiles.create', { ...input, baseUrl: 'http://user:pass@127.0.0.1:1/api/v3' }))).toContain(BASE_URL_MESSAGES.userinfo)
  const demo = (await session(host)).profile!
  expect(await refusal(callApi(host, 'profiles.update', { id: demo.id, baseUrl: 'http://exchange.invalid/api/v3', apiKey: sub.apiKey, apiSecret: sub.apiSecret }))).toContain(
    BASE_URL_MESSAGES.plainHttp,
  )
  expect((await callApi<ProfileView[]>(host, 'profiles.list')).map((p) => p.name)).not.toContain('Clear-text desk')
})

async function openEdit(page: Page, profile: ProfileView): Promise<void> {
  await page.getByTestId('open-profile-manager').click()
  await page.getByTestId(`profile-edit-${profile.id}`).click()
  await expect(page.getByTestId('profile-form')).toBeVisible()
}

test('the form asks for the key and secret again before saving another origin, and offers no password saving', async ({ page }) => {
  const profile = await boundProfile()
  await openApp(page, host)
  await openEdit(page, profile)
  await expect(page.locator('input[type="password"]')).toHaveCount(0)
  await expect(page.getByTestId('profile-api-secret')).toHaveAttribute('autocomplete', 'off')

  await page.getByTestId('profile-base-url').fill(recorderUrl)
  await expect(page.getByTestId('profile-origin-changed')).toContainText('another exchange')
  await page.getByTestId('profile-save').click()
  await expect(page.getByTestId('profile-error-apiKey')).toContainText('enter the API key and secret again')
  await expect(page.getByTestId('profile-error-apiSecret')).toContainText('enter the API key and secret again')
  await shot(page, 'profile-origin-changed')

  // The masked secret field: what is typed is not readable on screen.
  await page.getByTestId('profile-api-secret').fill('not-the-real-secret-123')
  type Styles = { getComputedStyle(element: unknown): { getPropertyValue(name: string): string } }
  const security = await page.getByTestId('profile-api-secret').evaluate((e) => (globalThis as unknown as Styles).getComputedStyle(e).getPropertyValue('-webkit-text-security'))
  expect(security).toBe('disc')

  const stored = (await callApi<ProfileView[]>(host, 'profiles.list')).find((p) => p.id === profile.id)
  expect(stored?.baseUrl).toBe(demoBaseUrl)
  expect(heardSecret()).toBe(false)
  expect(recorded).toEqual([])
})
