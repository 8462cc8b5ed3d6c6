// The demo exchange's moving parts and how they are wired together: the seeded accounts, each pair's
// generated history, the matching engine (whose trades feed the candles and the live feed), the
// ledger of fills, the simulation that warms up and moves the market, and the live feed. Its own file
// because this wiring is about the market, not about HTTP: server.ts puts these parts behind a port.
import { createAccounts, deriveSecret, initialBalances, initialFeeRules } from './accounts'
import type { InitialBalance } from './accounts'
import { verifyJwt } from './auth'
import { Engine } from './engine'
import type { DemoFeed } from './feed/feed-server'
import { createFeed, forwardEvents } from './feed/feed-server'
import type { Faults } from './faults'
import { Ledger } from './ledger'
import { Market } from './market'
import { createRng } from './prng'
import { CURRENCIES, PAIRS, PAIRS_BY_NAME } from './reference'
import type { ExchangeState } from './route-kit'
import type { DemoExchangeOptions } from './server'
import { Simulation } from './simulation'

const WARM_UP_TRADES = 40
const WALLETS = ['SPOT', 'CROSS_MARGIN', 'ISOLATED_MARGIN', 'P2P'] as const

/** Rows that (later rows win) fill every wallet of one account with `amount` of every currency. */
function testFunds(accountId: number | undefined, amount: string | undefined): InitialBalance[] {
  if (accountId === undefined || amount === undefined) return []
  return WALLETS.flatMap((wallet) => CURRENCIES.map((c) => ({ accountId, wallet, currency: c.code, amount })))
}

export interface ExchangeParts {
  /** What the route handlers read (routes.ts). */
  state: ExchangeState
  simulation: Simulation
  feed: DemoFeed
}

/** Builds the parts, warms the market up and, unless `live: false`, sets it moving. */
export async function assembleExchange(options: DemoExchangeOptions, faults: Faults): Promise<ExchangeParts> {
  const seed = options.seed ?? 1
  const now = options.now ?? Date.now
  const historyDays = Math.max(1, Math.floor(options.historyDays ?? 30))
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
  // the feed checks a token as REST does: the same key, the same (possibly skewed) clock
  const verifyToken = (token: string) => verifyJwt(token, state.jwtKey, state.serverSec())
  const warm = (pairName?: string) => simulation.ensureWarm(pairName)
  const liveFeed = (feed = createFeed({ engine, market, pairs: PAIRS, pairsByName: PAIRS_BY_NAME, serverSec: state.serverSec, verifyToken, warm }, options.feed))
  return { state, simulation, feed: liveFeed }
}
