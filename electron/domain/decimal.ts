// Decimal helpers over decimal.js: the one place where the terminal turns text into numbers it
// computes with. Every price and amount is a decimal string outside this file.
import Decimal from 'decimal.js'

export { Decimal }

// Enough digits for any crypto amount; exponent notation never appears in toFixed/toString output
// thanks to the wide exponent limits.
Decimal.set({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 })

const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/

/** Parses user or wire text as a finite decimal; null if it is not one. Accepts "1", "1.5", ".5". */
export function parseDecimal(text: string): Decimal | null {
  const trimmed = text.trim()
  if (!DECIMAL_TEXT.test(trimmed)) return null
  return new Decimal(trimmed)
}

/** Turns a JSON number or string from a server into a plain decimal string, or null if it is not one. */
export function decimalFromWire(value: number | string): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null
    // String(n) is the shortest text that round-trips to the same double: exactly what the server
    // wrote for any value with up to 15-17 significant digits. It is already a plain decimal unless
    // it uses exponent notation (below 1e-6 or from 1e21), which decimal.js writes out. This is the
    // hot path of every trade, balance and order answer, so the common case skips decimal.js.
    const text = String(value)
    return text.includes('e') ? new Decimal(text).toFixed() : text
  }
  const parsed = /^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value.trim()) ? new Decimal(value.trim()) : null
  return parsed ? parsed.toFixed() : null
}

/** Number of digits after the decimal point as written (trailing zeros count: "1.50" has 2). */
export function decimalPlaces(text: string): number {
  const trimmed = text.trim()
  const dot = trimmed.indexOf('.')
  return dot === -1 ? 0 : trimmed.length - dot - 1
}

/** Formats a decimal string with exactly `places` digits, rounding half up. */
export function formatDecimal(value: string | Decimal, places: number): string {
  return new Decimal(value).toFixed(places, Decimal.ROUND_HALF_UP)
}

/** Rounds down to `places` digits: the safe direction for an amount the user can afford. */
export function floorDecimal(value: string | Decimal, places: number): string {
  return new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_DOWN).toFixed(places)
}

/** Canonical text of a decimal: no exponent, no trailing zeros ("1.500" -> "1.5"). */
export function canonicalDecimal(value: string | Decimal): string {
  return new Decimal(value).toFixed()
}
