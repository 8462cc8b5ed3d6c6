// The admin switchboard: off by default, token- and loopback-guarded when on, and what it switches
// really changes what an API client meets.
import { spawn } from 'node:child_process'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { handleAdmin, isLoopback, parseFaultMode } from './admin'
import type { DemoExchange } from './server'
import { RawFeed } from './feed/test/raw-feed.test-util'
import { Session, raw, startTestExchange } from './test/test-kit.test-util'

let exchange: DemoExchange | null = null
afterEach(async () => {
  await exchange?.close()
  exchange = null
})

const originOf = (ex: DemoExchange) => ex.baseUrl.replace(/\/api\/v3$/, '')

function admin(ex: DemoExchange, method: string, path: string, init: { token?: string; body?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (init.token !== undefined) headers['x-admin-token'] = init.token
  return fetch(`${originOf(ex)}/__admin/${path}`, { method, headers, ...(init.body !== undefined ? { body: init.body } : {}) })
}

describe('admin endpoints', () => {
  it('do not exist unless the exchange was started with admin: true', async () => {
    exchange = await startTestExchange()
    expect(exchange.adminToken).toBeUndefined()
    const res = await admin(exchange, 'POST', 'faults', { token: 'anything', body: '{"serverError":503}' })
    expect(res.status).toBe(404)
    // and the fault was not switched on
    expect((await raw(exchange, 'GET', '/pairs')).status).toBe(200)
  })

  it('refuse a missing or wrong token, and switch nothing', async () => {
    exchange = await startTestExchange({ admin: true })
    const token = exchange.adminToken!
    expect(token).toMatch(/^[0-9a-f]{32}$/)
    expect((await admin(exchange, 'POST', 'faults', { body: '{"serverError":503}' })).status).toBe(401)
    expect((await admin(exchange, 'POST', 'faults', { token: 'f'.repeat(32), body: '{"serverError":503}' })).status).toBe(401)
    expect((await admin(exchange, 'GET', 'stats', { token: token.slice(1) })).status).toBe(401)
    expect((await raw(exchange, 'GET', '/pairs')).status).toBe(200)
  })

  it('a new token each launch', async () => {
    exchange = await startTestExchange({ admin: true })
    const first = exchange.adminToken
    await exchange.close()
    exchange = await startTestExchange({ admin: true })
    expect(exchange.adminToken).not.toBe(first)
  })

  it('switch faults on and off, answering the active set', async () => {
    exchange = await startTestExchange({ admin: true })
    const token = exchange.adminToken!
    const on = await admin(exchange, 'POST', 'faults', { token, body: JSON.stringify({ serverError: 503, onlyPaths: ['/pairs'] }) })
    expect(on.status).toBe(200)
    expect(await on.json()).toEqual({ faults: { serverError: 503, onlyPaths: ['/pairs'] } })
    expect((await raw(exchange, 'GET', '/pairs')).status).toBe(503)
    expect((await raw(exchange, 'GET', '/currencies')).status).toBe(200)

    const off = await admin(exchange, 'POST', 'faults', { token, body: '{}' })
    expect(await off.json()).toEqual({ faults: {} })
    expect((await raw(exchange, 'GET', '/pairs')).status).toBe(200)
  })

  it('reject a body that is not a fault mode, keeping the faults as they were', async () => {
    exchange = await startTestExchange({ admin: true })
    const token = exchange.adminToken!
    await admin(exchange, 'POST', 'faults', { token, body: '{"htmlGateway":true}' })
    for (const body of ['{', '[]', '{"serverError":"503"}', '{"serverError":200}', '{"dropEverything":true}', '{"rateLimit":{}}']) {
      const res = await admin(exchange, 'POST', 'faults', { token, body })
      expect(res.status, body).toBe(400)
    }
    expect((await raw(exchange, 'GET', '/pairs')).status).toBe(502)
  })

  it('count requests, accepted orders, order and cancel requests; its own calls are not counted', async () => {
    exchange = await startTestExchange({ admin: true })
    const token = exchange.adminToken!
    const session = await Session.open(exchange)
    const before = (await (await admin(exchange, 'GET', 'stats', { token })).json()) as { requests: number; ordersPlaced: number; orderRequests: number }
    expect(before).toEqual({ requests: 1, ordersPlaced: 0, orderRequests: 0, cancelRequests: 0, tapeTrades: 0 }) // the login
    const order = { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.001', limit_price: '1000' }
    expect((await session.order(order)).status).toBe(200)
    await admin(exchange, 'POST', 'faults', { token, body: JSON.stringify({ serverError: 503, onlyPaths: ['/trading/order'] }) })
    expect((await session.order(order)).status).toBe(503)
    // a refused cancel reached the exchange too
    expect((await session.cancel({ all: true })).status).toBe(503)
    const after = (await (await admin(exchange, 'GET', 'stats', { token })).json()) as typeof before
    // the refused POST reached the exchange but placed nothing
    expect(after).toEqual({ requests: 4, ordersPlaced: 1, orderRequests: 2, cancelRequests: 1, tapeTrades: 0 })
  })

  it('list the order calls as they arrived, a drive answering when it began: the bench times an order on the wire', async () => {
    exchange = await startTestExchange({ admin: true })
    const token = exchange.adminToken!
    const session = await Session.open(exchange)
    const t0 = performance.timeOrigin + performance.now()
    const drive = (await (await admin(exchange, 'POST', 'price', { token, body: JSON.stringify({ pair: 'BTC_USDT', price: '1000' }) })).json()) as { at: number }
    const order = { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.001', limit_price: '900' }
    await session.order(order)
    await raw(exchange, 'GET', '/pairs')
    await session.cancel({ all: true })
    const t1 = performance.timeOrigin + performance.now()
    const { calls } = (await (await admin(exchange, 'GET', 'calls', { token })).json()) as { calls: Array<{ method: string; path: string; at: number }> }
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /trading/order', 'DELETE /trading/order'])
    expect(drive.at).toBeGreaterThanOrEqual(t0 - 1)
    expect(calls[0]!.at).toBeGreaterThan(drive.at)
    expect(calls[1]!.at).toBeGreaterThan(calls[0]!.at)
    expect(calls[1]!.at).toBeLessThanOrEqual(t1 + 1)
    expect((await admin(exchange, 'POST', 'calls', { token })).status).toBe(405)
  })

  it('the tape trades the pair at the asked rate for the asked time, each trade on the feed as any other', async () => {
    exchange = await startTestExchange({ admin: true })
    const token = exchange.adminToken!
    const feed = await RawFeed.open(exchange.feedUrl)
    feed.send(['subscribe', 'trade.*'])
    await new Promise((r) => setTimeout(r, 50)) // the subscription has arrived
    const res = await admin(exchange, 'POST', 'tape', { token, body: JSON.stringify({ pair: 'ETH_USDT', rate: 400, seconds: 1 }) })
    expect(res.status).toBe(200)
    await new Promise((r) => setTimeout(r, 1_300))
    const trades = feed.all('t')
    // 400 orders of the minimum size, each filled by one maker (a sweep could add a trade or two)
    expect(trades.length).toBeGreaterThanOrEqual(400)
    expect(trades.length).toBeLessThan(420)
    expect(new Set(trades.map((t) => t[3]))).toEqual(new Set(['ETH_USDT']))
    const stats = (await (await admin(exchange, 'GET', 'stats', { token })).json()) as { tapeTrades: number }
    expect(stats.tapeTrades).toBe(400)
    // and it stopped: nothing more a while later
    await new Promise((r) => setTimeout(r, 200))
    expect(feed.all('t').length).toBe(trades.length)
    feed.ws.close()
  })

  it('the tape is bounded: a rate or a length out of range is refused, an unknown pair is 404', async () => {
    exchange = await startTestExchange({ admin: true })
    const token = exchange.adminToken!
    for (const tape of [
      { pair: 'BTC_USDT', rate: 0, seconds: 1 },
      { pair: 'BTC_USDT', rate: 10_001, seconds: 1 },
      { pair: 'BTC_USDT', rate: 10, seconds: 601 },
      { pair: 'BTC_USDT', rate: 10 },
    ]) {
      expect((await admin(exchange, 'POST', 'tape', { token, body: JSON.stringify(tape) })).status, JSON.stringify(tape)).toBe(400)
    }
    expect((await admin(exchange, 'POST', 'tape', { token, body: JSON.stringify({ pair: 'XYZ_USDT', rate: 10, seconds: 1 }) })).status).toBe(404)
    expect((await admin(exchange, 'POST', 'tape', { body: JSON.stringify({ pair: 'BTC_USDT', rate: 10, seconds: 1 }) })).status).toBe(401)
  })

  it('answer 405 for the wrong method and 404 for an unknown admin path', async () => {
    exchange = await startTestExchange({ admin: true })
    const token = exchange.adminToken!
    expect((await admin(exchange, 'GET', 'faults', { token })).status).toBe(405)
    expect((await admin(exchange, 'POST', 'stats', { token, body: '{}' })).status).toBe(405)
    expect((await admin(exchange, 'GET', 'nothing', { token })).status).toBe(404)
  })
})

describe('the loopback guard', () => {
  it('knows loopback addresses', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a), a).toBe(true)
    for (const a of [undefined, '', '10.0.0.5', '192.168.1.2', '::ffff:10.0.0.5', 'fe80::1', '128.0.0.1']) expect(isLoopback(a), String(a)).toBe(false)
  })

  it('refuses a caller from another address even with the right token', async () => {
    let status = 0
    let faultsSet = false
    const req = { socket: { remoteAddress: '10.0.0.5' }, headers: { 'x-admin-token': 'secret-token' }, method: 'POST' } as unknown as IncomingMessage
    const res = { writeHead: (s: number) => (status = s), end: () => undefined } as unknown as ServerResponse
    await handleAdmin(req, res, '/__admin/faults', {
      token: 'secret-token',
      setFaults: () => (faultsSet = true),
      stats: () => ({ requests: 0, ordersPlaced: 0, orderRequests: 0, cancelRequests: 0, tapeTrades: 0 }),
      tape: () => false,
      pricePrecision: () => 2,
      drivePrice: () => 0,
      orderCalls: () => [],
    })
    expect(status).toBe(403)
    expect(faultsSet).toBe(false)
  })
})

describe('parseFaultMode', () => {
  it('accepts every documented field and keeps only what was given', () => {
    const all = {
      latencyMs: 10,
      dropOrderResponse: true,
      serverError: 503,
      rateLimit: { retryAfterSec: 2 },
      expiredToken: true,
      malformedJson: true,
      htmlGateway: true,
      clockSkewSec: -3600,
      omitClientOrderId: true,
      failTimes: 1,
      onlyPaths: ['/trading/order'],
    }
    expect(parseFaultMode(all)).toEqual({ ok: true, mode: all })
    expect(parseFaultMode({})).toEqual({ ok: true, mode: {} })
  })

  it('names the field that is wrong', () => {
    const result = parseFaultMode({ latencyMs: -1 })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toContain('latencyMs')
  })
})

describe('the CLI with --admin', () => {
  it('prints the admin token in its JSON line, and the token works', async () => {
    const root = new URL('../..', import.meta.url).pathname
    const child = spawn(`${root}node_modules/.bin/tsx`, ['electron/demo-exchange/cli.ts', '--port', '0', '--seed', '5', '--admin'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => (stdout += chunk))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    try {
      const deadline = Date.now() + 15_000
      while (!stdout.includes('\n') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 50))
      const info = JSON.parse(stdout.split('\n')[0]!) as { baseUrl: string; adminToken: string }
      expect(info.adminToken).toMatch(/^[0-9a-f]{32}$/)
      const origin = info.baseUrl.replace(/\/api\/v3$/, '')
      const res = await fetch(`${origin}/__admin/stats`, { headers: { 'x-admin-token': info.adminToken } })
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ ordersPlaced: 0 })
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  }, 30_000)
})
