// The public market data endpoints: currencies, pairs, candles, trades, the ticker, the order book
// and the server's time. They read the engine and the candle store and need no account, so they
// share nothing with the private endpoints but the route kit.
import { INTERVAL_SECONDS } from '../domain/wire/wire'
import { groupParam, groupedDepth } from './book-group'
import type { PairInfo } from './reference'
import { PAIRS, currencyJson, pairRecord } from './reference'
import { type AddRoute, type ExchangeState, badParam, intParam, isReply, ok, pairParam } from './route-kit'

export function addMarketRoutes(state: ExchangeState, add: AddRoute): void {
  const { engine, market } = state
  const currencies = currencyJson()
  const allPairs = PAIRS.map(pairRecord)
  const allPairsJson = JSON.stringify(allPairs)
  const roundTo = (value: number, places: number): number => Number(value.toFixed(places))

  const ticker = (p: PairInfo): Record<string, unknown> => {
    const nowSec = state.now() / 1000
    const day = market.stats24h(p.name, nowSec)
    const last = engine.lastPrice(p.name).toNumber()
    const diff = roundTo(last - day.open, p.pricePrecision)
    return {
      pair: p.name,
      last,
      open: day.open,
      vol: roundTo(day.volume, p.amountPrecision),
      // An empty side is 0: the official Ticker model requires a number (no real price is 0).
      buy: engine.bestBid(p.name)?.toNumber() ?? 0,
      sell: engine.bestAsk(p.name)?.toNumber() ?? 0,
      high: day.high,
      low: day.low,
      diff,
      diff_percent: day.open === 0 ? 0 : roundTo((diff / day.open) * 100, 2),
      price_precision: p.pricePrecision,
      amount_precision: p.amountPrecision,
      timestamp: Math.floor(nowSec),
    }
  }

  add('/currencies', 'GET', false, () => ok(currencies))

  add('/pairs', 'GET', false, ({ query }) => {
    const c1 = query.get('currency1')
    const c2 = query.get('currency2')
    if (!c1 && !c2) return ok(allPairsJson)
    return ok(JSON.stringify(allPairs.filter((p) => (!c1 || p.currency1 === c1) && (!c2 || p.currency2 === c2))))
  })

  add('/charts', 'GET', false, ({ query }) => {
    const pair = pairParam(query, true)
    if (isReply(pair)) return pair
    const interval = query.get('interval')
    if (interval === null || interval === '') return badParam('interval is required (one of 1, 5, 15, 30, 60, 240, 1D).')
    const intervalSec = (INTERVAL_SECONDS as Record<string, number | undefined>)[interval]
    if (intervalSec === undefined) return badParam(`interval must be one of 1, 5, 15, 30, 60, 240, 1D, got ${JSON.stringify(interval)}.`)
    const since = intParam(query, 'since', null, 0, 1e11)
    if (isReply(since)) return since
    const until = intParam(query, 'until', null, 0, 1e11)
    if (isReply(until)) return until
    if (since !== null && until !== null && since > until) return badParam('since must not be after until.')
    const limit = intParam(query, 'limit', 500, 1, 500)
    if (isReply(limit)) return limit
    return ok(JSON.stringify(market.candles(pair!.name, { intervalSec, since, until, limit: limit! }, state.now() / 1000)))
  })

  add('/trades', 'GET', false, ({ query }) => {
    const pair = pairParam(query, true)
    if (isReply(pair)) return pair
    const limit = intParam(query, 'limit', 100, 1, 1000)
    if (isReply(limit)) return limit
    return ok(engine.tradesJson(pair!.name, limit!))
  })

  add('/time', 'GET', false, () => ok(`{"serverTime":${Math.floor(state.serverSec())}}`))

  add('/ticker', 'GET', false, ({ query }) => {
    const pair = pairParam(query, false)
    if (isReply(pair)) return pair
    if (pair) return ok(JSON.stringify(ticker(pair)))
    return ok(JSON.stringify(PAIRS.map(ticker)))
  })

  add('/orderbook', 'GET', false, ({ query }) => {
    const pair = pairParam(query, true)
    if (isReply(pair)) return pair
    const limitBuy = intParam(query, 'limit_buy', 100, 0, 1000)
    if (isReply(limitBuy)) return limitBuy
    const limitSell = intParam(query, 'limit_sell', 100, 0, 1000)
    if (isReply(limitSell)) return limitSell
    const group = groupParam(query)
    if (group && 'error' in group) return badParam(group.error)
    if (group) {
      const all = (side: 'BUY' | 'SELL') => engine.levels(pair!.name, side, Number.POSITIVE_INFINITY)
      return ok(JSON.stringify({ buy: groupedDepth(all('BUY'), 'BUY', group.step, limitBuy!), sell: groupedDepth(all('SELL'), 'SELL', group.step, limitSell!) }))
    }
    return ok(JSON.stringify({ buy: engine.depth(pair!.name, 'BUY', limitBuy!), sell: engine.depth(pair!.name, 'SELL', limitSell!) }))
  })
}
