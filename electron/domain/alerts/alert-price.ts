// The price of a price alert: what the window and the core refuse, and what the window only warns
// about. A trader who types an extra zero or misplaces the decimal point would otherwise get an alert
// that can never fire, or fires at once, without a word. The refusals are shared by the dialog, the
// IPC input schema and the core's check against the pair, so all three give the same verdict.
//
// The text is read by the order form's reader (order-text.ts): the same spellings are accepted
// ("1.", ".5", trailing zeros) and refused (exponents, signs, commas, 40+ significant digits), with
// the same words. Digits are counted on decimals, never on floating point.
import { Decimal } from '../decimal'
import { formatExact } from '../number-format'
import { NUMBER_PROBLEM_TEXT, readNumber } from '../orders/order-text'
import type { Pair } from '../wire/wire'

/**
 * Digits a price may have before its decimal point. The dearest pairs (bitcoin in the weakest fiat
 * currencies) quote about 10; the order form's bound (40 significant digits) lets 1e23 through, which
 * no market will ever trade at: past 18 it is a slip of the finger, refused rather than armed.
 */
export const MAX_PRICE_INTEGER_DIGITS = 18

/**
 * How many times above (or below) the last price a level is "far". A misplaced decimal point or an
 * extra or missing zero moves a price tenfold; even a crash of 80 % or a fivefold rally stays inside,
 * and alerts are often set far from the market on purpose, so the order form's 10 % would nag.
 */
const FAR_FACTOR = new Decimal(5)

/** The fields of a pair record the checks read. */
export type PricePair = Pick<Pair, 'name' | 'price_precision'>

/** Digits before the decimal point, leading zeros not counted ("0.5" has none). */
function integerDigits(value: Decimal): number {
  const whole = value.abs().truncated()
  return whole.isZero() ? 0 : whole.toFixed().length
}

const TOO_LARGE_TEXT = `That price has more than ${MAX_PRICE_INTEGER_DIGITS} digits before the decimal point; check for extra zeros`

function pairLabel(name: string): string {
  return name.replace('_', '/')
}

/** "BTC/USDT prices have at most 2 decimals" (or are whole numbers). */
function precisionText(pair: PricePair): string {
  const places = pair.price_precision
  if (places === 0) return `${pairLabel(pair.name)} prices are whole numbers`
  return `${pairLabel(pair.name)} prices have at most ${places} decimal${places === 1 ? '' : 's'}`
}

export type AlertPriceCheck = { ok: true; price: Decimal } | { ok: false; problem: string }

/**
 * Reads an alert's price: refused when it is not a number above zero, has more integer digits than
 * MAX_PRICE_INTEGER_DIGITS, or (when the pair is known) more decimals than the pair's price precision.
 * Decimals are counted on the value, so a trailing zero the trader typed ("0.10") is not one.
 */
export function checkAlertPrice(text: string, pair: PricePair | null): AlertPriceCheck {
  if (text.trim() === '') return { ok: false, problem: 'Enter a price' }
  const read = readNumber(text)
  if (!read.ok) return { ok: false, problem: read.problem === 'negative' ? 'Enter a price above zero' : NUMBER_PROBLEM_TEXT[read.problem] }
  const price = read.value
  if (price.lte(0)) return { ok: false, problem: 'Enter a price above zero' }
  if (integerDigits(price) > MAX_PRICE_INTEGER_DIGITS) return { ok: false, problem: TOO_LARGE_TEXT }
  if (pair !== null && price.decimalPlaces() > pair.price_precision) return { ok: false, problem: precisionText(pair) }
  return { ok: true, price }
}

/**
 * What the trader should look at twice before arming a price alert, given the last price (null when
 * not known: then nothing is said, never a guess). Each is a warning only: the alert can still be set.
 */
export function alertPriceWarnings(kind: 'above' | 'below' | 'cross', price: Decimal, lastPrice: string | null): string[] {
  const read = lastPrice === null ? null : readNumber(lastPrice)
  if (read === null || !read.ok || read.value.lte(0)) return []
  const last = read.value
  const shown = formatExact(last)
  const warnings: string[] = []
  if (kind === 'above' && last.gte(price)) warnings.push(`The last price (${shown}) is already at or above this: the alert fires at once`)
  if (kind === 'below' && last.lte(price)) warnings.push(`The last price (${shown}) is already at or below this: the alert fires at once`)
  if (price.gt(last.times(FAR_FACTOR))) {
    warnings.push(`This is ${timesText(price.div(last))} the last price (${shown}): check for an extra digit or a misplaced decimal point`)
  } else if (price.times(FAR_FACTOR).lt(last)) {
    warnings.push(`This is under a fifth of the last price (${shown}): check for a missing digit or a misplaced decimal point`)
  }
  return warnings
}

/** "5.3×", "12×", or "over 1000×" where the exact figure would only be a long string of digits. */
function timesText(ratio: Decimal): string {
  if (ratio.gte(1000)) return 'over 1000×'
  return `${ratio.toFixed(ratio.lt(10) ? 1 : 0, Decimal.ROUND_DOWN)}×`
}
