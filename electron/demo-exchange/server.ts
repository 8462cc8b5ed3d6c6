// The demo exchange: an HTTP server (node:http, no framework) behind the same API as the real exchange,
// with its own accounts, matching engine and a market that moves. The terminal embeds it as the
// default profile; tests start one per suite and switch faults on and off.
import { readBody } from './http-body'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAccounts, deriveSecret, initialBalances, initialFeeRules } from './accounts'
import type { DemoAccount, InitialBalance } from './accounts'
import { ADMIN_PREFIX, handleAdmin, newAdminToken, type Tape } from './admin'
import { signatureMatches, verifyJwt } from './auth'
import { Engine } from './engine'
import type { DemoFeed, FeedOptions, FeedStats } from './feed/feed-server'
import { FEED_PATH, createFeed, forwardEvents } from './feed/feed-server'
import type { FaultMode, FaultPlan } from './faults'
import { Faults } from './faults'
import { Market } from './market'
import { createRng } from './prng'
import { CURRENCIES, PAIRS, PAIRS_BY_NAME } from './reference'
import type { ExchangeState, Reply, Route } from './routes'
import { createRoutes, error } from './routes'
import { Ledger } from './ledger'
import { Simulation } from './simulation'

export type { FaultMode } from './faults'

/** An account with the key and secret a client signs in with. */
export type DemoAccountCredentials = DemoAccount

export interface DemoExchange {
  /** "http://127.0.0.1:<port>/api/v3" */
  baseUrl: string
  /** The live feed beside it: "ws://127.0.0.1:<port>/alp-ws" (feed/feed-server.ts). */
  feedUrl: string
  port: number
  /** Master first, then two sub-accounts. */
  accounts: DemoAccountCredentials[]
  /** Replaces the current fault set; {} clears. */
  setFaults(faults: FaultMode): void
  /** orderRequests: POST /trading/order requests received, answered or not (a resent order shows here). */
  stats(): { requests: number; ordersPlaced: number; orderRequests: number; tapeTrades: number }
  feedStats(): FeedStats
  /** Present when started with `admin: true`: the token of the /__admin endpoints (admin.ts). */
  adminToken?: string
  /** Stops timers and the server. */
  close(): Promise<void>
}

export interface DemoExchangeOptions {
  /** 0 = a free port (the default). */
  port?: number
  seed?: number
  /** Default 600. */
  tokenLifetimeSec?: number
  /** The market moves in real time; default true. */
  live?: boolean
  /** Depth of the generated 1-minute history; default 30. */
  historyDays?: number
  /** ms clock, for tests. */
  now?: () => number
  /** Serve /__admin/faults and /__admin/stats (admin.ts) to loopback callers with the token; default false. */
  admin?: boolean
  /**
   * Test-only: the master account holds this amount (a decimal string) of every currency in every
   * wallet, so order tests can reach every pair's maximum order size without hitting INSUFFICIENT_FUNDS.
   */
  testFunds?: string
  /** Ping, ticker and slow-consumer settings of the live feed (tests shorten them). */
  feed?: FeedOptions
}

const PREFIX = '/api/v3'
const MAX_BODY = 64 * 1024
const WARM_UP_TRADES = 40
const GATEWAY_PAGE =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'

function send(res: ServerResponse, reply: Reply, contentType = 'application/json; charset=utf-8'): void {
  if (reply.body === null) {
    res.writeHead(reply.status, { 'content-length': 0, ...reply.headers })
    res.end()
    return
  }
  res.writeHead(reply.status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(reply.body),
    ...reply.headers,
  })
  res.end(reply.body)
}

/** A JSON body cut in half: what a client sees when a proxy drops the connection mid-answer. */
function truncate(body: string | null): string {
  if (body === null || body.length < 2) return '{'
  return body.slice(0, Math.ceil(body.length / 2))
}

const WALLETS = ['SPOT', 'CROSS_MARGIN', 'ISOLATED_MARGIN', 'P2P'] as const

/** Rows that (later rows win) fill every wallet of one account with `amount` of every currency. */
function testFunds(accountId: number | undefined, amount: string | undefined): InitialBalance[] {
  if (accountId === undefined || amount === undefined) return []
  return WALLETS.flatMap((wallet) => CURRENCIES.map((c) => ({ accountId, wallet, currency: c.code, amount })))
}

export async function startDemoExchange(options: DemoExchangeOptions = {}): Promise<DemoExchange> {
  const seed = options.seed ?? 1
  const now = options.now ?? Date.now
  const historyDays = Math.max(1, Math.floor(options.historyDays ?? 30))
  const faults = new Faults()
  const accounts = createAccounts(seed)
  const startMs = now()
  const startMinute = Math.floor(startMs / 60_000)

  // history: one day more capacity than generated, so live minutes push out the oldest only later
  const market = new Market(PAIRS, (historyDays + 1) * 1440)
  // the feed needs the engine, the engine tells the feed: bound once both exist
  let feed: DemoFeed | null = null
  const lastPrices = new Map<string, number>()
  for (const pair of PAIRS) {
    market.planHistory(pair, createRng(seed, `history:${pair.name}`), startMinute, historyDays * 1440)
    lastPrices.set(pair.name, market.lastClose(pair.name))
  }
  const ledger = new Ledger()
  const engine = new Engine({
    pairs: PAIRS,
    lastPrices,
    balances: [...initialBalances(accounts), ...testFunds(accounts[0]?.id, options.testFunds)],
    feeRules: initialFeeRules(accounts, startMs),
    now,
    onTrade: (pair, tsMs, price, amount, takerSide, tradeId) => {
      market.applyTrade(pair.name, tsMs / 1000, price.toNumber(), amount.toNumber(), takerSide === 'BUY')
      feed?.trade(pair, tsMs, price, amount, takerSide, tradeId)
    },
    events: forwardEvents(() => feed),
    onFill: (fill) => ledger.record(fill),
  })
  const simulation = new Simulation(engine, PAIRS, seed, lastPrices)
  await simulation.warmUp(startMs, WARM_UP_TRADES)
  if (options.live ?? true) simulation.start()

  const state: ExchangeState = {
    now,
    serverSec: () => now() / 1000 + faults.clockSkewSec,
    tokenLifetimeSec: options.tokenLifetimeSec ?? 600,
    jwtKey: deriveSecret(seed, 'jwt-signing-key', 64),
    accounts,
    accountsById: new Map(accounts.map((a) => [a.id, a])),
    engine,
    market,
    ledger,
    omitClientOrderId: () => faults.omitClientOrderId,
  }
  const routes = createRoutes(state)
  const verifyToken = (token: string) => verifyJwt(token, state.jwtKey, state.serverSec())
  const liveFeed = (feed = createFeed({ engine, market, pairs: PAIRS, pairsByName: PAIRS_BY_NAME, serverSec: state.serverSec, verifyToken }, options.feed))
  const setFaults = (mode: FaultMode): void => {
    faults.set(mode)
    liveFeed.applyFaults(mode)
  }
  const knownPaths = new Set([...routes.keys()].map((key) => key.slice(key.indexOf(' ') + 1)))
  let requests = 0
  let orderRequests = 0
  const adminToken = options.admin === true ? newAdminToken() : null
  const stats = () => ({ requests, ordersPlaced: engine.userOrdersPlaced, orderRequests, tapeTrades: simulation.tapeTrades })
  const tape = (t: Tape): boolean => simulation.tape(t.pair, t.rate, t.seconds)
  const pendingTimers = new Set<NodeJS.Timeout>()

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const t = setTimeout(() => {
        pendingTimers.delete(t)
        resolve()
      }, ms)
      pendingTimers.add(t)
    })

  /** Bearer token and, for POST/DELETE, X-SIGN; returns the account id or a 401 reply. */
  const authenticate = (req: IncomingMessage, body: Buffer | null, plan: FaultPlan): number | Reply => {
    const header = req.headers.authorization
    if (!header || !header.startsWith('Bearer ') || header.length <= 7) {
      return error(401, 'UNAUTHORIZED', 'This endpoint needs Authorization: Bearer <token> (POST /auth gives one).')
    }
    const check = verifyJwt(header.slice(7).trim(), state.jwtKey, state.serverSec())
    if (!check.ok) return error(401, check.code, check.message)
    if (plan.expiredToken) return error(401, 'TOKEN_EXPIRED', 'The token has expired; authenticate again.')
    const account = state.accountsById.get(check.accountId)
    if (!account) return error(401, 'INVALID_TOKEN', 'The token names an unknown account.')
    if (body !== null) {
      const sign = req.headers['x-sign']
      if (typeof sign !== 'string' || sign === '') return error(401, 'INVALID_SIGNATURE', 'X-SIGN is required on POST and DELETE.')
      if (!signatureMatches(account.apiSecret, body, sign)) {
        return error(401, 'INVALID_SIGNATURE', 'X-SIGN does not match the HMAC-SHA256 of the body bytes.')
      }
    }
    return account.id
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = req.url ?? '/'
    const q = url.indexOf('?')
    const pathname = q < 0 ? url : url.slice(0, q)
    // the test harness's switchboard: neither counted nor subject to the faults it switches
    if (adminToken !== null && pathname.startsWith(ADMIN_PREFIX)) {
      return handleAdmin(req, res, pathname, { token: adminToken, setFaults, stats, tape })
    }
    requests++
    const path = pathname.startsWith(`${PREFIX}/`) ? pathname.slice(PREFIX.length) : pathname
    const method = req.method ?? 'GET'
    const isOrderPlacement = method === 'POST' && path === '/trading/order'
    if (isOrderPlacement) orderRequests++
    const plan = faults.plan(path, isOrderPlacement)
    if (plan.latencyMs > 0) await sleep(plan.latencyMs)
    if (plan.failure === 'html') return send(res, { status: 502, body: GATEWAY_PAGE }, 'text/html; charset=utf-8')
    if (plan.failure === 'server') return send(res, error(plan.serverStatus, 'SERVER_ERROR', `Simulated server error ${plan.serverStatus}.`))
    if (plan.failure === 'rate') {
      const reply = error(429, 'RATE_LIMITED', 'Too many requests.')
      reply.headers = { 'retry-after': String(plan.retryAfterSec) }
      return send(res, reply)
    }

    let reply: Reply
    const route: Route | undefined = pathname.startsWith(`${PREFIX}/`) ? routes.get(`${method} ${path}`) : undefined
    if (!route) {
      if (pathname.startsWith(`${PREFIX}/`) && knownPaths.has(path)) {
        const allow = [...routes.entries()].filter(([key]) => key.endsWith(` ${path}`)).map(([, r]) => r.method)
        reply = error(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${PREFIX}${path}.`)
        reply.headers = { allow: allow.join(', ') }
      } else {
        reply = error(404, 'NOT_FOUND', `No endpoint ${PREFIX}${path}.`)
      }
    } else {
      const hasBody = route.method !== 'GET'
      const raw = hasBody ? await readBody(req, MAX_BODY) : null
      reply = hasBody && raw === null ? error(400, 'INVALID_BODY', `The body is larger than ${MAX_BODY} bytes.`) : dispatch(route, req, url, q, raw, plan)
      if (plan.drop && reply.status === 200) {
        // the order was executed; the client never learns it
        req.socket.destroy()
        return
      }
    }
    if (plan.malformed) return send(res, { status: 200, body: truncate(reply.body) })
    send(res, reply)
  }

  const dispatch = (route: Route, req: IncomingMessage, url: string, q: number, raw: Buffer | null, plan: FaultPlan): Reply => {
    let accountId = 0
    if (route.private) {
      const auth = authenticate(req, raw, plan)
      if (typeof auth !== 'number') return auth
      accountId = auth
    }
    let body: unknown = undefined
    if (raw !== null) {
      try {
        body = JSON.parse(raw.toString('utf8'))
      } catch {
        return error(400, 'INVALID_BODY', 'The body is not valid JSON.')
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return error(400, 'INVALID_BODY', 'The body must be a JSON object.')
      }
    }
    const query = new URLSearchParams(q < 0 ? '' : url.slice(q + 1))
    return route.handle({ query, accountId, body })
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      // a bug in a handler: answer 500 rather than leave the client hanging
      if (!res.headersSent) send(res, error(500, 'INTERNAL', err instanceof Error ? err.message : 'internal error'))
      else res.destroy()
    })
  })
  server.keepAliveTimeout = 5_000
  liveFeed.attach(server)

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port

  let closing: Promise<void> | null = null
  return {
    baseUrl: `http://127.0.0.1:${port}${PREFIX}`,
    feedUrl: `ws://127.0.0.1:${port}${FEED_PATH}`,
    port,
    accounts: accounts.map((a) => ({ ...a })),
    setFaults,
    stats,
    feedStats: () => liveFeed.stats(),
    ...(adminToken !== null ? { adminToken } : {}),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        simulation.stop()
        liveFeed.close()
        for (const t of pendingTimers) clearTimeout(t)
        pendingTimers.clear()
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closing
    },
  }
}

/**
 * The demo exchange as a host embeds it: started on first use (when a demo profile is used), on a
 * free loopback port, and closed with the host.
 */
export function embeddedDemoExchange(): {
  start(): Promise<{ baseUrl: string; accounts: DemoAccountCredentials[] }>
  close(): Promise<void>
} {
  let running: Promise<DemoExchange> | null = null
  return {
    async start() {
      running ??= startDemoExchange({ port: 0 })
      const demo = await running
      return { baseUrl: demo.baseUrl, accounts: demo.accounts }
    },
    async close() {
      if (running) await (await running).close()
    },
  }
}
