// The demo exchange: an HTTP server (node:http, no framework) behind the same API as the real exchange,
// with its own accounts, matching engine and a market that moves. The terminal embeds it as the
// default profile; tests start one per suite and switch faults on and off. This file is its public
// face and its lifetime (start, listen, close); the parts are assembled in exchange-parts.ts, a request
// is carried from socket to reply by request-handler.ts, callers are checked by request-auth.ts.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { DemoAccount } from './accounts'
import { newAdminToken, type Tape } from './admin'
import { assembleExchange } from './exchange-parts'
import type { FeedOptions, FeedStats } from './feed/feed-server'
import { FEED_PATH } from './feed/feed-server'
import type { FaultMode } from './faults'
import { Faults } from './faults'
import { authenticate } from './request-auth'
import { API_PREFIX, createRequestHandler } from './request-handler'
import { createRoutes } from './routes'
import { warmUpFor } from './warm-gate'
import { PAIRS_BY_NAME } from './reference'
import type { Decimal } from '../domain/decimal'

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
  /**
   * orderRequests: POST /trading/order requests received, answered or not (a resent order shows here);
   * cancelRequests: the same for DELETE /trading/order (a repeated cancel shows here).
   */
  stats(): { requests: number; ordersPlaced: number; orderRequests: number; cancelRequests: number; tapeTrades: number }
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
  /** Serve /__admin/faults, /stats, /tape and /price (admin.ts) to loopback callers with the token; default false. */
  admin?: boolean
  /**
   * Test-only: the master account holds this amount (a decimal string) of every currency in every
   * wallet, so order tests can reach every pair's maximum order size without hitting INSUFFICIENT_FUNDS.
   */
  testFunds?: string
  /** Ping, ticker and slow-consumer settings of the live feed (tests shorten them). */
  feed?: FeedOptions
}

export async function startDemoExchange(options: DemoExchangeOptions = {}): Promise<DemoExchange> {
  const faults = new Faults()
  const { state, simulation, feed } = await assembleExchange(options, faults)
  const { engine, accounts } = state
  const routes = createRoutes(state)
  const setFaults = (mode: FaultMode): void => {
    faults.set(mode)
    feed.applyFaults(mode)
  }
  const adminToken = options.admin === true ? newAdminToken() : null
  const stats = () => ({ requests: http.requests, ordersPlaced: engine.userOrdersPlaced, orderRequests: http.orderRequests, cancelRequests: http.cancelRequests, tapeTrades: simulation.tapeTrades })
  const tape = (t: Tape): boolean => simulation.tape(t.pair, t.rate, t.seconds)
  const pricePrecision = (pair: string): number | null => PAIRS_BY_NAME.get(pair)?.pricePrecision ?? null
  const drivePrice = (pair: string, price: Decimal): number => simulation.driveTo(pair, price) ?? 0
  const http = createRequestHandler({
    routes,
    faults,
    authenticate: (req, body, expiredToken) => authenticate(state, req, body, expiredToken),
    admin: adminToken === null ? null : { token: adminToken, setFaults, stats, tape, pricePrecision, drivePrice },
  })

  // A market the request reads is warmed up first (warm-gate.ts); the listener sees a warm market.
  const server = createServer((req, res) => {
    const need = warmUpFor(req.method, req.url)
    if (need) simulation.ensureWarm(need.pair)
    http.listener(req, res)
  })
  server.keepAliveTimeout = 5_000
  feed.attach(server)

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 0, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    // A port already taken: nothing of this exchange may keep running (its market's timers).
    simulation.stop()
    feed.close()
    http.cancelTimers()
    throw error
  }
  const port = (server.address() as AddressInfo).port

  let closing: Promise<void> | null = null
  return {
    baseUrl: `http://127.0.0.1:${port}${API_PREFIX}`,
    feedUrl: `ws://127.0.0.1:${port}${FEED_PATH}`,
    port,
    accounts: accounts.map((a) => ({ ...a })),
    setFaults,
    stats,
    feedStats: () => feed.stats(),
    ...(adminToken !== null ? { adminToken } : {}),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        simulation.stop()
        feed.close()
        http.cancelTimers()
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closing
    },
  }
}

/**
 * The demo exchange as a host embeds it: started on first use (when a demo profile is used), on the
 * loopback port asked for when it is free (the one the demo profiles name, so they stay as they are),
 * on any free one otherwise, and closed with the host.
 */
export function embeddedDemoExchange(): {
  start(port?: number): Promise<{ baseUrl: string; accounts: DemoAccountCredentials[] }>
  close(): Promise<void>
} {
  let running: Promise<DemoExchange> | null = null
  return {
    async start(port) {
      running ??= startOnPort(port)
      const demo = await running
      return { baseUrl: demo.baseUrl, accounts: demo.accounts }
    },
    async close() {
      if (running) await (await running).close()
    },
  }
}

/** The demo on `port` if that port is free, else on any free port. */
async function startOnPort(port: number | undefined): Promise<DemoExchange> {
  if (port === undefined) return startDemoExchange({ port: 0 })
  try {
    return await startDemoExchange({ port })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' && (error as NodeJS.ErrnoException).code !== 'EACCES') throw error
    return startDemoExchange({ port: 0 })
  }
}
