// The charts in words, for a screen reader: each chart is an image with a name ("BTC/USDT candles,
// 1h") and a visually hidden summary it is described by. The figures are formatted exactly as the
// window shows them (the last price as above the chart, the candle as in its readout), so what a
// screen reader says and what the screen shows never differ.
import type { Candle } from '@domain/wire/wire'
import type { BookLevel } from '@domain/market/order-book'
import { Decimal } from '@domain/decimal'
import { formatAmount, formatChangePercent, formatExact } from '@/lib/format'
import { directionOf } from '@/lib/direction'

export interface CandleSummaryInput {
  /** The last price as the exchange sent it (decimal string), or null before the first. */
  last: string | null
  /** The day's change in percent, or null when the ticker does not give it. */
  dayChange: Decimal | null
  /** The newest candle, or null before the first. */
  candle: Candle | null
  /** The pair's price precision (the readout's places). */
  pricePlaces: number
  quote: string
}

/** "24 h change: up, +1.23 %." — the direction in a word, then the signed figure. */
function changeWords(change: Decimal | null): string {
  if (change === null) return '24 h change: not known.'
  const text = formatChangePercent(change)
  const direction = directionOf(text.replace(/[^\d.-]/g, ''))
  return `24 h change: ${direction === 'flat' ? 'unchanged' : direction}, ${text}.`
}

/**
 * The candle chart's summary: "Last price 57,781.99 USDT. 24 h change: down, -3.63 %. Newest candle:
 * open 57,000.00, high 58,000.00, low 56,900.00, close 57,781.99."
 */
export function candleSummary(input: CandleSummaryInput): string {
  const { last, candle, pricePlaces } = input
  const parts = [last === null ? 'No last price yet.' : `Last price ${formatExact(last)} ${input.quote}.`.replace(' .', '.'), changeWords(input.dayChange)]
  if (candle) {
    const f = (value: number) => formatAmount(value, pricePlaces)
    parts.push(`Newest candle: open ${f(candle.open)}, high ${f(candle.high)}, low ${f(candle.low)}, close ${f(candle.close)}.`)
  } else {
    parts.push('No candles yet.')
  }
  return parts.join(' ')
}

/** The sum of a side's amounts, exact. */
const total = (levels: readonly BookLevel[]): Decimal => levels.reduce((sum, level) => sum.plus(level.amount), new Decimal(0))

/**
 * The depth chart's summary: "Best bid 57,780.00, best ask 57,782.00. Bids 12.5000 BTC in 20 levels,
 * asks 9.1000 BTC in 20 levels." Levels come best first, as the book store keeps them.
 */
export function depthSummary(asks: readonly BookLevel[], bids: readonly BookLevel[], places: { price: number; amount: number }, base: string): string {
  const best = (levels: readonly BookLevel[], side: string) => (levels[0] ? `best ${side} ${formatAmount(levels[0].price, places.price)}` : `no ${side}s`)
  const side = (levels: readonly BookLevel[], name: string) =>
    `${name} ${formatAmount(total(levels), places.amount)} ${base} in ${levels.length} ${levels.length === 1 ? 'level' : 'levels'}`.replace('  ', ' ')
  const head = `${best(bids, 'bid')}, ${best(asks, 'ask')}.`
  return `${head[0]!.toUpperCase()}${head.slice(1)} ${side(bids, 'Bids')}, ${side(asks, 'asks')}.`
}
