// A position's protection in words, for a trader: who protects it now (the exchange's resting stop,
// the terminal while it runs, nobody and why) or how it ended; and which of its legs only the running
// terminal keeps, so quitting can name what will stop being watched. Pure: the window's Positions
// tab and the Electron shell's quit question say the same thing from the same position.
import { Decimal } from '../decimal'
import { pastLimit, percentFrom, restingStop } from './gap'
import { isLive, remaining } from './legs'
import { MAX_CHASES, type Position } from './types'

export type ProtectionKind = 'exchange' | 'terminal' | 'unprotected' | 'gapped' | 'pending' | 'closed' | 'cancelled'

export interface ProtectionWords {
  kind: ProtectionKind
  /** The state in words, always shown. */
  text: string
}

const CLOSED_BY = { target: 'closed by target', stop: 'closed by stop', manual: 'closed by hand' } as const

const ended = (p: Position): boolean => p.state === 'closed' || p.state === 'cancelled'

/** "Stop triggered but not filled: the market is 1.6 % below its limit", while the gap lasts; null otherwise. */
function gapWords(p: Position): ProtectionWords | null {
  const gap = p.gap
  if (!gap) return null
  const side = p.side === 'BUY' ? 'below' : 'above'
  const market = `the market is ${percentFrom(gap.price, gap.limitPrice)} % ${side} its limit`
  if (gap.halted !== undefined) return { kind: 'gapped', text: `Stop triggered but not filled: ${market}; the exchange refused the terminal’s sale (${gap.halted}): close the position to try again` }
  if (p.closing?.fallback === 'market') return { kind: 'gapped', text: `Stop triggered but not filled: ${market}; the terminal sells at market` }
  if (p.closing?.fallback === 'chase')
    return { kind: 'gapped', text: `Stop triggered but not filled: ${market}; the terminal chases it with a limit (try ${Math.max(gap.chases, 1)} of ${MAX_CHASES}, then market)` }
  const stop = restingStop(p)
  if (stop === null) return null
  if (!pastLimit(stop, gap.price)) return { kind: 'exchange', text: `Stop triggered: its limit sell at ${stop.limitPrice} rests at the exchange and fills if the market comes back to it` }
  return { kind: 'gapped', text: `Stop triggered but not filled: ${market}; held, as you chose${p.attention !== null ? ': you decide' : ''}` }
}

/** How a stop-closed position got out when its stop gapped: "by the fallback: market, sent at 58019 (2.1 % below the stop)". */
function closedByGap(p: Position): string | null {
  const gap = p.gap
  const fallbackSold = p.legs.some((l) => l.fallback !== undefined && new Decimal(l.filled).gt(0))
  if (!gap || p.closedBy !== 'stop' || !fallbackSold || gap.sentAt === null) return null
  const how = p.legs.findLast((l) => l.fallback !== undefined && new Decimal(l.filled).gt(0))!.fallback
  return `closed by stop, by the fallback: ${how}, sent at ${gap.sentAt} (${percentFrom(gap.sentAt, gap.stopPrice)} % ${p.side === 'BUY' ? 'below' : 'above'} the stop)`
}

/** Who protects the position now, or how it ended. */
export function protectionWords(p: Position): ProtectionWords {
  if (p.state === 'closed') return { kind: 'closed', text: closedByGap(p) ?? (p.closedBy === null ? 'closed' : CLOSED_BY[p.closedBy]) }
  if (p.state === 'cancelled') return { kind: 'cancelled', text: 'cancelled: nothing was bought' }
  const where = p.protection === 'exchange' ? 'the exchange' : 'the terminal while it runs'
  if (p.state === 'pending') return { kind: 'pending', text: p.stop === null ? 'waiting for the entry to fill; no stop' : `waiting for the entry to fill; then protected by ${where}` }
  const gapped = gapWords(p)
  if (gapped !== null) return gapped
  if (p.closing !== null) return { kind: 'terminal', text: `closing (${CLOSED_BY[p.closing.reason]}): the terminal sells what is held` }
  if (p.stop === null || p.protection === 'none') return { kind: 'unprotected', text: 'unprotected: no stop-loss was set' }
  const stop = p.legs.filter((l) => l.role === 'stop')
  if (p.attention !== null && p.attention.reason !== 'stop-gapped') {
    // prices wait for the trader: the terminal acts on none, but a stop resting at the exchange still protects
    if (p.protection === 'exchange' && stop.some((l) => l.status === 'resting')) return { kind: 'exchange', text: 'protected by the exchange; a level was crossed while no terminal ran: you decide' }
    return { kind: 'unprotected', text: 'unprotected until you decide: the price crossed a level while no terminal ran' }
  }
  if (p.protection === 'exchange' && stop.some((l) => l.status === 'resting')) return { kind: 'exchange', text: 'protected by the exchange' }
  if (p.protection === 'terminal') {
    const refused = stop.some((l) => l.status === 'refused')
    return { kind: 'terminal', text: refused ? 'protected while the terminal runs (the exchange refused the stop)' : 'protected while the terminal runs' }
  }
  // The exchange's stop is being placed, cancelled or looked up: until it rests, only the terminal watches.
  return {
    kind: 'terminal',
    text: stop.some(isLive) ? 'protected while the terminal runs (the exchange’s stop is being replaced)' : 'protected while the terminal runs (no stop rests at the exchange)',
  }
}

const EXIT_NAME = { stop: 'the exchange’s stop', target: 'a target’s sell', close: 'the terminal’s closing sell', entry: 'the entry' } as const

/**
 * How an ended position got out, one phrase per exit that filled, in the order they were sent: which
 * order, how much it filled and at what limit (the worst price it could fill at; a stop with its
 * trigger). Empty while the position lives, or when nothing was sold.
 */
export function exitsInWords(p: Position): string[] {
  if (!ended(p)) return []
  const base = p.pair.split('_')[0] ?? ''
  return p.legs
    .filter((l) => l.role !== 'entry' && new Decimal(l.filled).gt(0))
    .map((l) => {
      const limit = l.limitPrice === null ? '' : `, limit ${l.limitPrice}`
      const at = l.stopPrice !== null ? ` (stop ${l.stopPrice}${limit})` : l.limitPrice !== null ? ` (limit ${l.limitPrice})` : ''
      const name = l.fallback === undefined ? EXIT_NAME[l.role] : l.type === 'MARKET' ? 'the gap’s sale at market' : 'the gap’s limit'
      return `${name}${at} ${l.side === 'BUY' ? 'bought back' : 'sold'} ${l.filled} ${base}`
    })
}

/** What only the running terminal keeps for each position: named, so quitting can say what stops being watched. */
export function terminalKeptLegs(positions: readonly Position[]): string[] {
  const legs: string[] = []
  for (const p of positions) {
    if (ended(p)) continue
    const name = `${p.pair} ${p.side === 'BUY' ? 'long' : 'short'}`
    if (p.stop !== null && p.protection === 'terminal') legs.push(`${name}: the stop at ${p.stop.price}`)
    for (const t of p.targets) if (t.state !== 'done') legs.push(`${name}: the target at ${t.price}`)
    if (p.trailing !== null) legs.push(`${name}: the trailing stop (${p.trailing.distance} behind)`)
    if (p.breakevenAt !== null) legs.push(`${name}: the move to breakeven at ${p.breakevenAt}`)
  }
  return legs
}

/**
 * What a live position holds for its exits to sell, and, where the exchange keeps its fee in the coins
 * bought, that share in words: the card shows why the stop sells less than the entry filled.
 */
export function heldInWords(p: Position): { amount: string; note: string | null } {
  const amount = remaining(p).toFixed()
  if (p.entryFeeRate === undefined || new Decimal(p.filled).isZero()) return { amount, note: null }
  const base = p.pair.split('_')[0] ?? ''
  const percent = new Decimal(p.entryFeeRate).times(100).toFixed()
  return { amount, note: `the fill less the exchange's fee (up to ${percent} %), which it keeps in ${base}` }
}
