// Test helper: the start's first answers for the first chart's tests (first-chart*.test.ts): a live
// snapshot, the disk's cached start of the same chart (a day older, marked with when it was saved),
// and the answers with market.start held until a test lets it in.
import type { CachedStart, MethodResults } from '@domain/api/api'
import type { FirstAnswers } from '@/api/first-calls'
import { BTC_USDT, PREFS, candleRun } from '@/stores/test/market-fixtures.test-util'
import { deferred, sessionState } from '@/stores/test/fake-terminal.test-util'

export const T0 = 1_700_000_000 - (1_700_000_000 % 3600)
export type Start = NonNullable<MethodResults['market.start']>

/** Cached a day ago, 14:02 local time of its own: the mark names when. 30 candles. */
export const FETCHED = new Date(2026, 0, 5, 14, 2).getTime()
export const CACHED: CachedStart = {
  profileId: 'p1',
  snapshot: { pair: 'BTC_USDT', interval: '60', candles: candleRun(30, T0 - 40 * 3600), trades: [], ticker: null, stale: true, fetchedAt: FETCHED },
  pairs: [BTC_USDT],
  prefs: PREFS,
}
/** The exchange's snapshot of the same chart: 120 candles. */
export const LIVE: Start = {
  pair: 'BTC_USDT',
  interval: '60',
  candles: candleRun(120, T0),
  trades: [],
  ticker: null,
  stale: false,
  fetchedAt: T0 * 1000,
  session: { profileId: 'p1', profileGeneration: 1 },
}

/** The first answers, market.start held until the test lets it in. */
export function answersWith(cached: CachedStart | null, session = sessionState()) {
  const live = deferred<Start | null>()
  const values: Record<string, unknown> = { 'market.cachedStart': cached, 'market.pairs': [BTC_USDT], 'prefs.get': PREFS, 'session.get': session }
  const answers: FirstAnswers = { answer: (method) => (method === 'market.start' ? (live.promise as never) : Promise.resolve(values[method] as never)) }
  return { answers, live }
}

export const frame = () => document.querySelector('[data-testid="first-chart"]')
export const mark = () => document.querySelector('[data-testid="first-chart-stale"]')
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
