// Reading an exchange answer's JSON without losing a digit.
//
// The exchange sends prices and amounts as JSON numbers (known-facts.md). JSON.parse turns each into
// a binary double, so a balance of 0.123456789012345678 arrives as 0.12345678901234568: digits the
// trader owns, gone before any code sees them (and Node 20's JSON.parse gives a reviver no access to
// the source text). lossless-json hands every number over as the text the server wrote. An integer a
// double holds exactly (ids, precisions, Unix seconds) stays a number; every other number stays that
// exact text, a decimal string, which is what the wire schemas (domain/wire.ts) take for money.
import { parse } from 'lossless-json'

const INTEGER = /^-?\d+$/

function keepExact(text: string): number | string {
  if (INTEGER.test(text)) {
    const value = Number(text)
    if (Number.isSafeInteger(value)) return value
  }
  return text
}

/** Parses JSON text; numbers come back as numbers only where that is exact. Throws SyntaxError. */
export function parseWireJson(text: string): unknown {
  return parse(text, null, keepExact)
}
