// The figures the risk limits are checked against, read from the exchange and valued in the limits'
// currency: what the account has open (the exchange's open orders: how many, and what is left of each
// at its price), and what it has realised since 00:00 UTC. Each figure is its value or the reason it
// could not be read, never a guess: a figure that is unknown refuses new entries (risk-gate.ts).
//
// Today's realised P&L is FIFO (pnl.ts) over the last 30 days' fills of every pair the account traded
// in that time, so a sell today is matched against what was bought before today; what the fills up to
// 00:00 UTC had realised is subtracted, leaving exactly what today's fills realised. A sell of coins
// bought more than 30 days ago has no known cost and counts nothing (as in the Fills tab).
import { Decimal } from '../../domain/decimal'
import { LIVE_ORDER_STATUSES } from '../../domain/wire/constants'
import { MAX_HISTORY_SPAN_MS } from '../../domain/account/history-windows'
import { pnlInputs } from '../../domain/account/fill-sides'
import { realisedPnl, type Fill } from '../../domain/account/pnl'
import { priceRoutes } from '../../domain/portfolio/price-routes'
import { utcDayStart } from '../../domain/risk/risk-limits'
import type { RiskFigure, RiskFigures } from '../../domain/risk/risk-limits-schema'
import { isTerminalError } from '../../domain/errors'
import { readFills, readOrders } from '../account/account-history'
import type { ExchangeClient } from '../exchange/client'

/** Values an amount of one currency in the limits' currency; null when no route prices it. */
export type Converter = (amount: Decimal.Value, currency: string) => Promise<Decimal | null>

export const quoteOf = (pair: string): string => pair.slice(pair.indexOf('_') + 1).toUpperCase()

const why = (error: unknown): string => (isTerminalError(error) || error instanceof Error ? error.message : String(error))

/** A converter into `target` through the tickers' last prices (price-routes.ts); pairs and tickers read once, when first needed. */
export function converterTo(client: ExchangeClient, target: string): Converter {
  let routes: ReturnType<typeof priceRoutes> | null = null
  return async (amount, currency) => {
    if (currency.toUpperCase() === target) return new Decimal(amount)
    routes ??= priceRoutes(target, ...(await Promise.all([client.pairs(), client.ticker()])))
    const route = routes.get(currency.toUpperCase())
    return route ? new Decimal(amount).times(route.price) : null
  }
}

async function figure<T>(what: string, read: () => Promise<T>): Promise<RiskFigure<T>> {
  try {
    return { ok: true, value: await read() }
  } catch (error) {
    return { ok: false, reason: `${what} could not be read: ${why(error)}` }
  }
}

class Unpriced extends Error {}

async function valued(convert: Converter, amount: Decimal.Value, currency: string, target: string): Promise<Decimal> {
  const value = await convert(amount, currency)
  if (value === null) throw new Unpriced(`no ticker prices ${currency} in ${target}`)
  return value
}

/** The open orders of the account: how many, and what is left of them at their prices, in `target`. */
export async function openFigures(client: ExchangeClient, accountId: number, target: string, convert: Converter): Promise<Pick<RiskFigures, 'openValue' | 'openOrders'>> {
  let orders: Awaited<ReturnType<ExchangeClient['accountOrders']>>
  try {
    orders = (await client.accountOrders({ open_only: true })).filter((o) => LIVE_ORDER_STATUSES.includes(o.status) && (o.account_id === undefined || o.account_id === accountId))
  } catch (error) {
    const reason = `The open orders could not be read: ${why(error)}`
    return { openValue: { ok: false, reason }, openOrders: { ok: false, reason } }
  }
  const openValue = await figure('The open orders’ value', async () => {
    let sum = new Decimal(0)
    for (const o of orders) {
      if (o.price == null || new Decimal(o.price).isZero()) throw new Unpriced(`order ${o.id ?? '?'} has no price`)
      const left = new Decimal(o.amount).minus(o.amount_filled ?? '0')
      sum = sum.plus(await valued(convert, left.times(o.price), quoteOf(o.pair), target))
    }
    return sum.toFixed()
  })
  return { openValue, openOrders: { ok: true, value: orders.length } }
}

/** Realised P&L since 00:00 UTC of `now`, in `target`. */
export async function realisedToday(client: ExchangeClient, now: number, target: string, convert: Converter): Promise<RiskFigure<string>> {
  return figure('Today’s realised P&L', async () => {
    const dayStart = utcDayStart(now)
    const range = { from: Math.max(0, now - MAX_HISTORY_SPAN_MS), to: now }
    const traded = new Set((await readOrders(client, range)).filter((o) => new Decimal(o.amount_filled ?? '0').gt(0)).map((o) => o.pair.toUpperCase()))
    let total = new Decimal(0)
    for (const pair of [...traded].sort()) {
      const { fills, unplaced } = pnlInputs(await readFills(client, { pair, ...range }))
      if (unplaced > 0) throw new Unpriced(`${unplaced} of the ${pair} fills have no known side`)
      const realised = (list: Fill[]) => new Decimal(realisedPnl(list)[0]?.realised ?? '0')
      const today = realised(fills).minus(realised(fills.filter((f) => f.time < dayStart)))
      if (!today.isZero()) total = total.plus(await valued(convert, today, quoteOf(pair), target))
    }
    return total.toFixed()
  })
}
