// What one unit of a currency is worth in another, from the tickers' last prices: directly where a pair
// joins the two, else through intermediate currencies (ETH → BTC → USDT), and the route named, so a
// trader can see where a value comes from. A currency with no route has no price: never 0.
//
// Each step multiplies by a pair's last price (base → quote) or divides by it (quote → base). Products
// are exact; a quotient is carried at the decimal library's 40 significant digits and the result is
// rounded to PRICE_PLACES, so every figure is a finite decimal string.
import { Decimal } from '../decimal'
import type { Dec, Pair, Ticker } from '../wire/wire'

/** Decimal places of a routed price (a quotient such as 1/57000 never ends). */
export const PRICE_PLACES = 18

/** The most pairs a route may cross: a direct pair, or one or two intermediate currencies. */
export const MAX_ROUTE_STEPS = 3

export interface PriceRoute {
  /** One unit of the currency, in the quote currency. */
  price: Dec
  /** The currencies passed through, the currency first and the quote last: ['ETH', 'BTC', 'USDT']. */
  path: string[]
  /** The pairs crossed, in order (empty for the quote currency itself). */
  pairs: string[]
}

interface Edge {
  to: string
  pair: string
  /** How one unit of `from` becomes `to`: times the last price, or divided by it. */
  op: 'times' | 'div'
  last: Decimal
}

function edgesOf(pairs: readonly Pick<Pair, 'name' | 'currency1' | 'currency2'>[], tickers: readonly Pick<Ticker, 'pair' | 'last'>[]): Map<string, Edge[]> {
  const lastOf = new Map<string, Decimal>()
  for (const t of tickers) {
    if (t.last === null) continue
    const last = new Decimal(t.last)
    if (last.gt(0)) lastOf.set(t.pair, last)
  }
  const edges = new Map<string, Edge[]>()
  const add = (from: string, edge: Edge) => edges.set(from, [...(edges.get(from) ?? []), edge])
  // Sorted, so that among routes of equal length the same one is always chosen.
  for (const p of [...pairs].sort((a, b) => a.name.localeCompare(b.name))) {
    const last = lastOf.get(p.name)
    if (!last) continue
    add(p.currency1, { to: p.currency2, pair: p.name, op: 'times', last })
    add(p.currency2, { to: p.currency1, pair: p.name, op: 'div', last })
  }
  // A multiplication is exact: prefer it over a division among equals.
  for (const list of edges.values()) list.sort((a, b) => (a.op === b.op ? 0 : a.op === 'times' ? -1 : 1))
  return edges
}

/**
 * Every currency's price in `quote`, by the route with the fewest pairs (at most MAX_ROUTE_STEPS). The
 * quote currency itself is worth 1 by an empty route. Currencies absent from the map have no price.
 */
export function priceRoutes(quote: string, pairs: readonly Pick<Pair, 'name' | 'currency1' | 'currency2'>[], tickers: readonly Pick<Ticker, 'pair' | 'last'>[]): Map<string, PriceRoute> {
  const edges = edgesOf(pairs, tickers)
  // Breadth-first from each currency would repeat work; instead walk outward from the quote over the
  // reversed edges: reaching `c` from the quote by edge c → prev means c's price = edge(prev's price).
  const found = new Map<string, { price: Decimal; path: string[]; pairs: string[] }>([[quote, { price: new Decimal(1), path: [quote], pairs: [] }]])
  let frontier = [quote]
  for (let step = 0; step < MAX_ROUTE_STEPS && frontier.length > 0; step++) {
    const next: string[] = []
    for (const [from, list] of [...edges.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      if (found.has(from)) continue
      for (const edge of list) {
        if (!frontier.includes(edge.to)) continue
        const onward = found.get(edge.to)!
        const price = edge.op === 'times' ? onward.price.times(edge.last) : onward.price.div(edge.last)
        found.set(from, { price, path: [from, ...onward.path], pairs: [edge.pair, ...onward.pairs] })
        next.push(from)
        break
      }
    }
    frontier = next
  }
  const routes = new Map<string, PriceRoute>()
  for (const [currency, r] of found) routes.set(currency, { price: r.price.toDecimalPlaces(PRICE_PLACES).toFixed(), path: r.path, pairs: r.pairs })
  return routes
}

/** "ETH → BTC → USDT", or the quote alone. */
export function routeText(route: PriceRoute): string {
  return route.path.join(' → ')
}
