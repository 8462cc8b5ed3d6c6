// Reading an exchange answer's JSON without losing a digit.
//
// The exchange sends prices and amounts as JSON numbers (docs/exchange-api.md). JSON.parse turns each into
// a binary double, so a balance of 0.123456789012345678 arrives as 0.12345678901234568: digits the
// trader owns, gone before any code sees them (and Node 20's JSON.parse gives a reviver no access to
// the source text). lossless-json hands every number over as the text the server wrote. An integer a
// double holds exactly (ids, precisions, Unix seconds) stays a number; every other number stays that
// exact text, a decimal string, which is what the wire schemas (domain/wire/wire.ts) take for money (they
// take plain JSON numbers too, for the short numbers of the fast path below).
import { parse } from 'lossless-json'

const INTEGER = /^-?\d+$/

function keepExact(text: string): number | string {
  if (INTEGER.test(text)) {
    const value = Number(text)
    if (Number.isSafeInteger(value)) return value
  }
  return text
}

// A double holds every decimal of up to 15 significant digits exactly (DBL_DIG), so for a text whose
// numbers are all that short the native parser is exact, and several times faster than a parser in
// JavaScript: the client's hot path (trades, candles) stays as fast as it was. A number with more
// digits always shows as a run of 16 or more digits and points; any such run (even inside a string,
// or leading zeros) sends the whole text to lossless-json, so the test can be wrong only towards
// the exact path, never away from it.
const LONG_NUMBER = /\d[\d.]{15,}/

/** Parses JSON text; no number loses a digit (see above). Throws SyntaxError on text that is not JSON. */
export function parseWireJson(text: string): unknown {
  return LONG_NUMBER.test(text) ? parse(text, null, keepExact) : JSON.parse(text)
}
