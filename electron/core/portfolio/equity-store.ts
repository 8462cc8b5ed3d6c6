// Each account's equity over time, on disk: one file per account and quote currency under
// `<dataDir>/equity/`, written atomically, compacted on every write (domain/portfolio/equity-series.ts: a week
// by the minute, then hourly, 400 days), so 90 days of one account stay well under 2 MB. A damaged file
// is set aside and the series starts again, said in the answer's `warning`.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { addPoint, compact, type EquityPoint } from '../../domain/portfolio/equity-series'
import { readJsonFile, writeJsonAtomic } from '../storage/atomic-file'

const pointSchema = z.object({ t: z.number().int(), value: z.string().regex(/^-?\d+(\.\d+)?$/), rebuilt: z.literal(true).optional(), unpriced: z.number().int().min(1).optional() })
const fileSchema = z.object({ version: z.literal(1), exchange: z.string(), accountId: z.number().int(), quote: z.string(), points: z.array(pointSchema) })

/** A recorded point, with the holdings left out of it for want of a price (absent: none). */
export type RecordedPoint = EquityPoint & { unpriced?: number }

export interface SeriesKey {
  exchange: string
  accountId: number
  quote: string
}

/** A file name from the key: the exchange's host and port, the account, the quote; nothing else. */
export function fileNameOf(key: SeriesKey): string {
  const host = key.exchange.replace(/^[a-z]+:\/\//, '').replace(/[^A-Za-z0-9.-]/g, '_')
  return `${host}-${key.accountId}-${key.quote.replace(/[^A-Z0-9]/g, '_')}.json`
}

export function createEquityStore(dataDir: string, now: () => number = Date.now) {
  const dir = join(dataDir, 'equity')
  const pathOf = (key: SeriesKey) => join(dir, fileNameOf(key))
  let writing: Promise<void> = Promise.resolve()

  async function read(key: SeriesKey): Promise<{ points: RecordedPoint[]; warning: string | null }> {
    const file = await readJsonFile(pathOf(key), fileSchema, { maxVersion: 1 })
    if (file.status === 'ok') return { points: file.value.points as RecordedPoint[], warning: null }
    if (file.status === 'missing') return { points: [], warning: null }
    return { points: [], warning: `The equity history of account ${key.accountId} was damaged (${file.reason}) and was set aside; it starts again from now.` }
  }

  /** Adds a point (at most one a minute), compacts, and writes the file; one write at a time. */
  function record(key: SeriesKey, point: RecordedPoint): Promise<void> {
    writing = writing
      .catch(() => undefined)
      .then(async () => {
        const { points } = await read(key)
        const next = compact(addPoint(points, point), now())
        if (next.length === points.length && next.at(-1)?.t === points.at(-1)?.t) return
        await mkdir(dir, { recursive: true })
        await writeJsonAtomic(pathOf(key), { version: 1, ...key, points: next })
      })
    return writing
  }

  /**
   * Adds points rebuilt from wallet activity before the first recorded one (later ones are dropped:
   * what was recorded wins), compacts, and writes the file; one write at a time.
   */
  function prepend(key: SeriesKey, rebuilt: readonly RecordedPoint[]): Promise<void> {
    writing = writing
      .catch(() => undefined)
      .then(async () => {
        const { points } = await read(key)
        const first = points[0]?.t ?? Infinity
        const older = rebuilt.filter((p) => p.t < first).map((p) => ({ t: p.t, value: p.value, rebuilt: true as const, ...(p.unpriced ? { unpriced: p.unpriced } : {}) }))
        if (older.length === 0) return
        await mkdir(dir, { recursive: true })
        await writeJsonAtomic(pathOf(key), { version: 1, ...key, points: compact([...older, ...points], now()) })
      })
    return writing
  }

  return { read, record, prepend, pathOf }
}

export type EquityStore = ReturnType<typeof createEquityStore>
