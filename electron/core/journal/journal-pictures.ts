// The pictures of one account's closed trades, made as the journal is read: a trade in the report
// with no saved picture has its chart rendered (trade-picture.ts) from the candles of its time, the
// same its MAE and MFE were read from, and saved once (storage/journal-picture-store.ts); a later read
// finds it saved and renders nothing. A picture that cannot be made is no error for the journal: the
// entry says why (`pictureNote`), the window's card draws the chart from candles, and a later read
// tries again. At most MAX_PICTURES_PER_READ are made a read, so a first read of a long journal is not
// held up by them; the rest are made by the reads after.
import type { TripCandles } from '../../domain/journal/journal'
import type { JournalEntry } from '../../domain/journal/types'
import type { ChartCandle, TradeChartTrade } from '../../domain/journal/trade-chart'
import { toTerminalError } from '../../domain/errors'
import type { JournalPictureStore } from '../storage/journal-picture-store'
import { renderTradePicture } from './trade-picture'

export const MAX_PICTURES_PER_READ = 20

export type PictureState = Pick<JournalEntry, 'picture' | 'pictureNote'>

export interface TradePictures {
  /** Each trade's picture (by id): saved, made now, or none and why. */
  ensure(trades: readonly JournalEntry[], candles: (id: string) => TripCandles<ChartCandle & { low: number; high: number }> | undefined): Promise<Map<string, PictureState>>
}

export interface TradePicturesDeps {
  store: JournalPictureStore
  exchange: string
  accountId: number
  render?: (trade: TradeChartTrade, candles: readonly ChartCandle[]) => Promise<string>
  max?: number
}

const SAVED: PictureState = { picture: 'saved', pictureNote: null }
const none = (why: string): PictureState => ({ picture: 'none', pictureNote: why })

export function createTradePictures(deps: TradePicturesDeps): TradePictures {
  const render = deps.render ?? renderTradePicture
  const max = deps.max ?? MAX_PICTURES_PER_READ
  return {
    async ensure(trades, candlesOf) {
      const out = new Map<string, PictureState>()
      let saved: Set<string>
      try {
        saved = await deps.store.saved(deps.exchange, deps.accountId)
      } catch (error) {
        for (const t of trades) out.set(t.id, none(`the pictures could not be read (${toTerminalError(error).message})`))
        return out
      }
      let made = 0
      for (const trade of trades) {
        if (saved.has(trade.id)) {
          out.set(trade.id, SAVED)
          continue
        }
        if (trade.incomplete !== null) {
          out.set(trade.id, none('an incomplete trade has no picture'))
          continue
        }
        const got = candlesOf(trade.id)
        if (got === undefined || 'problem' in got) {
          out.set(trade.id, none(`its candles were not read (${got === undefined ? 'not asked for' : got.problem}); a later read makes it`))
          continue
        }
        if (made >= max) {
          out.set(trade.id, none(`not made yet: at most ${max} pictures are made a read; a later read makes it`))
          continue
        }
        made += 1
        try {
          await deps.store.save(deps.exchange, deps.accountId, trade.id, await render(trade, got.candles))
          out.set(trade.id, SAVED)
        } catch (error) {
          out.set(trade.id, none(`the picture could not be made (${toTerminalError(error).message}); a later read tries again`))
        }
      }
      return out
    },
  }
}
