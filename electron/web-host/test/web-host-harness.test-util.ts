// The web host's real HTTP server with a fake core behind it, for its tests (server*.test.ts): a
// static folder with an index page, an access whose clock the test moves, and requests with exactly
// the headers a test gives.
import { request as httpRequest } from 'node:http'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import type { TerminalCore } from '../../domain/api/api'
import { createEventHub } from '../../core/events'
import { createAccess } from '../access'
import { startWebHost, type WebHost, type WebHostOptions } from '../server'

export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

let web: WebHost | null = null
let staticDir = ''

/** Closes the host the test started last (a test that starts a second one). */
export async function closeWebHost(): Promise<void> {
  await web?.close()
  web = null
}

/** The static folder of the host the test started last. */
export const currentStaticDir = (): string => staticDir

/** Closes the host a test started and removes its folder, after each test of the file that calls it. */
export function closeWebHostAfterEach(): void {
  afterEach(async () => {
    await web?.close()
    web = null
    if (staticDir) rmSync(staticDir, { recursive: true, force: true })
  })
}

export function fakeCore(hub = createEventHub()): TerminalCore {
  return {
    call: (async (method: string) => ({ called: method })) as TerminalCore['call'],
    on: (event, listener) => hub.on(event, listener),
    dispose: async () => undefined,
  }
}

export async function setup(core: TerminalCore = fakeCore(), extra: Pick<WebHostOptions, 'streamBacklogBytes' | 'renderer' | 'onDemand' | 'early' | 'pageData'> = {}) {
  staticDir = mkdtempSync(join(tmpdir(), 'web-host-test-'))
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><head><title>the app</title></head><body></body>')
  let clock = 1_000_000
  web = await startWebHost({ core, staticDir, access: createAccess({ now: () => clock }), ...extra })
  const host = web
  const code = new URL(host.url).searchParams.get('code') ?? ''

  /** One request with exactly these headers; resolves at the first body bytes for an event stream. */
  function send(method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: host.port, method, path, headers: { host: `127.0.0.1:${host.port}`, ...options.headers } }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body })
        res.on('data', (chunk: string) => {
          body += chunk
          if (String(res.headers['content-type']).startsWith('text/event-stream')) {
            done()
            req.destroy()
          }
        })
        res.on('end', done)
      })
      req.on('error', reject)
      req.end(options.body)
    })
  }
  const trade = (value: string, headers: Record<string, string> = {}) =>
    send('POST', '/session', { headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ code: value }) })
  const cookieOf = (answer: Answer) => String(answer.headers['set-cookie']).split(';')[0]!
  const api = (cookie?: string, headers: Record<string, string> = {}) =>
    send('POST', '/api/app.info', { headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers }, body: '{}' })
  return { host, code, send, trade, cookieOf, api, advance: (ms: number) => (clock += ms) }
}
