// The last market snapshot of each pair and interval, kept on disk so the terminal starts offline
// with something to show (marked stale). Also the pair and currency lists, for the same reason.
// Public market data only: nothing here is secret.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { MarketSnapshot } from '../../domain/api/api'
import { type Candle, type CandleInterval, type Currency, type Pair, candleSchema, currencySchema, pairSchema, tickerSchema, tradeSchema } from '../../domain/wire/wire'
import { INTERVAL_SECONDS } from '../../domain/wire/constants'
import { readJsonFile, writeJsonAtomic } from '../storage/atomic-file'
import { findHoles, mergeByTime, type Span } from './candle-repair'

const snapshotFileSchema = z.object({
  version: z.literal(1),
  baseUrl: z.string(),
  pair: z.string(),
  interval: z.string(),
  candles: z.array(candleSchema),
  trades: z.array(tradeSchema),
  ticker: tickerSchema.nullable(),
  fetchedAt: z.number(),
  /** Spans the exchange confirmed have no candle; a file without them has every gap counted as a hole. */
  emptySpans: z.array(z.object({ from: z.number(), to: z.number() })).optional(),
})
const listsFileSchema = z.object({
  version: z.literal(1),
  baseUrl: z.string(),
  pairs: z.array(pairSchema),
  currencies: z.array(currencySchema),
})

export interface MarketCache {
  /** `emptySpans`: where the exchange has no candle (no trade), so those gaps are not holes. */
  save(snapshot: MarketSnapshot, emptySpans?: readonly Span[]): Promise<void>
  /** The last snapshot, its candles cut after the newest hole: never a series with a hole. */
  load(pair: string, interval: CandleInterval): Promise<MarketSnapshot | null>
  saveLists(lists: { pairs: Pair[]; currencies: Currency[] }): Promise<void>
  loadLists(): Promise<{ pairs: Pair[]; currencies: Currency[] } | null>
}

/** The candles after the newest hole (a gap not known to be empty): what can be shown as a whole series. */
function wholeTail(candles: readonly Candle[], interval: CandleInterval, emptySpans: readonly Span[]): Candle[] {
  const sorted = mergeByTime([], candles)
  const hole = findHoles(sorted, INTERVAL_SECONDS[interval], emptySpans).pop()
  return hole === undefined ? sorted : sorted.filter((c) => c.time > hole.to)
}

/** The cache identity of the embedded demo exchange (never a base URL: those are http(s) URLs). */
const EMBEDDED_DEMO_CACHE = 'embedded-demo'

/**
 * Whose market a profile's cache holds: its base URL. The embedded demo listens on a new port each
 * launch, so its profiles share one fixed identity: keyed by URL, its cached start would never find
 * the last launch's market.
 */
export function marketCacheKey(profile: { baseUrl: string; isDemo: boolean }): string {
  return profile.isDemo ? EMBEDDED_DEMO_CACHE : profile.baseUrl
}

/**
 * The cache of the active exchange in the data directory (`<dataDir>/cache`). `onWrite` gets every
 * write as it starts (the core keeps the cached start ready once each is done: start-file-keeper.ts).
 */
export function profileMarketCache(dataDir: string, profile: { baseUrl: string; isDemo: boolean }, onError?: (error: unknown) => void, onWrite?: (write: Promise<void>) => void): MarketCache {
  return createMarketCache(join(dataDir, 'cache'), marketCacheKey(profile), onError, onWrite)
}

/** Where a cache in `dir` keeps one exchange's files. */
function cachePaths(dir: string, baseUrl: string) {
  const key = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_')
  const exchangeDir = join(dir, key(baseUrl.replace(/^https?:\/\//, '')))
  return { exchangeDir, snapshotPath: (pair: string, interval: string) => join(exchangeDir, `${key(pair)}-${key(interval)}.json`), listsPath: join(exchangeDir, 'lists.json') }
}

/** The files a profile's cache reads for one chart (its snapshot, the pair list), as paths in the data directory. */
export function profileCacheFiles(profile: { baseUrl: string; isDemo: boolean }, pair: string, interval: string): string[] {
  const { snapshotPath, listsPath } = cachePaths('cache', marketCacheKey(profile))
  return [snapshotPath(pair, interval), listsPath]
}

/** Cache files are per exchange: a different base URL never shows another exchange's prices. */
export function createMarketCache(dir: string, baseUrl: string, onError?: (error: unknown) => void, onWrite?: (write: Promise<void>) => void): MarketCache {
  const { exchangeDir, snapshotPath, listsPath } = cachePaths(dir, baseUrl)
  // A feed saves on start and on stop, and a short-lived one (a quick look at a pair) does both
  // within a second: the writes go one after the other, so the stop's newer data is never overwritten
  // by the start's, and never skipped (it is what the next visit of the pair paints first).
  let writes: Promise<void> = Promise.resolve()

  return {
    save(snapshot, emptySpans = []) {
      const path = snapshotPath(snapshot.pair, snapshot.interval)
      const write = async () => {
        try {
          await mkdir(exchangeDir, { recursive: true, mode: 0o700 })
          await writeJsonAtomic(path, { version: 1, baseUrl, ...snapshot, stale: undefined, emptySpans })
        } catch (error) {
          onError?.(error)
        }
      }
      writes = writes.then(write)
      onWrite?.(writes)
      return writes
    },
    async load(pair, interval) {
      try {
        const read = await readJsonFile(snapshotPath(pair, interval), snapshotFileSchema)
        if (read.status !== 'ok' || read.value.baseUrl !== baseUrl) return null
        const { trades, ticker, fetchedAt, emptySpans = [] } = read.value
        return { pair, interval, candles: wholeTail(read.value.candles, interval, emptySpans), trades, ticker, fetchedAt, stale: true }
      } catch (error) {
        onError?.(error)
        return null
      }
    },
    saveLists(lists) {
      const write = (async () => {
        try {
          await mkdir(exchangeDir, { recursive: true, mode: 0o700 })
          await writeJsonAtomic(listsPath, { version: 1, baseUrl, ...lists })
        } catch (error) {
          onError?.(error)
        }
      })()
      onWrite?.(write)
      return write
    },
    async loadLists() {
      try {
        const read = await readJsonFile(listsPath, listsFileSchema)
        // the folder name folds some URLs together (http and https): the file names its own exchange
        return read.status === 'ok' && read.value.baseUrl === baseUrl ? { pairs: read.value.pairs, currencies: read.value.currencies } : null
      } catch (error) {
        onError?.(error)
        return null
      }
    },
  }
}
