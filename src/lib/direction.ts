// Up and down, buy and sell, never by colour alone: wherever the window colours a figure green or
// red, it also carries a sign, an arrow or a word (WCAG 1.4.1), so a trader who does not tell the two
// colours apart, and a screen reader, get the same news. The arrows go with the colour classes
// `up` / `down`; the words are what a screen reader says for the arrows.
import { Decimal } from '@domain/decimal'
import type { Ticker } from '@domain/wire/wire'
import { formatChangePercent } from './format'

export type Direction = 'up' | 'down' | 'flat'

/**
 * ↑ up (or a buy), ↓ down (or a sell), nothing when flat. Arrows the window's own fonts draw (their
 * Latin subset has these two, not ▲ ▼), so a row's width never depends on a fallback font's glyph.
 */
export const ARROWS: Readonly<Record<Direction, string>> = { up: '↑', down: '↓', flat: '' }

/** Which way a signed figure points: positive up, negative down, zero (or nothing) flat. */
export function directionOf(value: Decimal | string | number | null | undefined): Direction {
  if (value === null || value === undefined || value === '') return 'flat'
  let decimal: Decimal
  try {
    decimal = new Decimal(value)
  } catch {
    return 'flat'
  }
  if (decimal.isZero() || decimal.isNaN()) return 'flat'
  return decimal.isNegative() ? 'down' : 'up'
}

/** The day's change of a pair in percent: the ticker's own figure, else from its open and last. */
export function dayChangeOf(ticker: Ticker | null | undefined): Decimal | null {
  if (!ticker) return null
  if (ticker.diff_percent !== null && ticker.diff_percent !== undefined) return new Decimal(ticker.diff_percent)
  if (ticker.last && ticker.open && !new Decimal(ticker.open).isZero()) return new Decimal(ticker.last).minus(ticker.open).div(ticker.open).times(100)
  return null
}

/** A change in percent with its arrow and sign: "↑ +1.23 %", "↓ -0.44 %", "0.00 %". */
export function formatChange(percent: Decimal | string | number | null | undefined): string {
  if (percent === null || percent === undefined) return ''
  const text = formatChangePercent(percent)
  const arrow = ARROWS[directionOf(text.replace(/[^\d.-]/g, ''))]
  return arrow ? `${arrow} ${text}` : text
}

/** A figure shown with its sign, "+" included: "+12.50", "-3.00", "0.00", "≈ +1,234.5". */
export function withSign(text: string): string {
  if (directionOf(text.replace(/[^\d.-]/g, '')) !== 'up' || text.includes('+')) return text
  return text.replace(/^(\D*?)(\d)/, '$1+$2')
}
