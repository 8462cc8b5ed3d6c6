// Which pairs' markets a request reads, so that they are warmed up before it is served (the demo
// warms up the first pair at its start and the others when first asked for: simulation.ts). What
// reads no market (the lists, the clock, sign-in, an account's own records) waits for no warm-up; a
// market read names its pair or reads them all; anything else (an order, an admin call) may trade, and
// every pair is warmed up first, so trading always meets the market a full warm-up made.
import { API_PREFIX } from './request-handler'

const NO_MARKET = new Set(['GET /pairs', 'GET /currencies', 'GET /time', 'POST /auth'])
const MARKET_READS = new Set(['/charts', '/trades', '/ticker', '/orderbook'])

/** The warm-up a request needs: none (null), one pair's (and those before it), or all (undefined). */
export function warmUpFor(method: string | undefined, url: string | undefined): { pair?: string } | null {
  const parsed = new URL(url ?? '/', 'http://demo')
  const path = parsed.pathname.startsWith(API_PREFIX) ? parsed.pathname.slice(API_PREFIX.length) : parsed.pathname
  if (NO_MARKET.has(`${method} ${path}`) || (method === 'GET' && path.startsWith('/accounts/'))) return null
  const pair = parsed.searchParams.get('pair')
  if (method === 'GET' && MARKET_READS.has(path) && pair) return { pair: pair.toUpperCase() }
  return {}
}
