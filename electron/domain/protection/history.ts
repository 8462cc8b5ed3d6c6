// What the terminal did on its own, and what came of it, in its own words: the lines of a position's
// history (types.ts HistoryEntry), from one step of the reducer — the position before and after an
// event and the orders it asked for. Never the generic "Order cancelled": "The terminal cancelled the
// stop to move it to 61200", "The stop gapped: the terminal sells 0.00999 BTC at market". The lines a
// trader is told of at once (a stop or target filled, a fallback fired, a position that needs them)
// carry `notify` (a gap once, not each order of its fallback). Pure; the keeper stamps the time and keeps the last HISTORY_MAX.
import { Decimal } from '../decimal'
import { protectionWords } from './describe'
import { fallbackOf, percentFrom } from './gap'
import { MAX_CHASES, type HistoryEntry, type Leg, type Position, type PositionAction, type PositionEvent } from './types'

export const HISTORY_MAX = 100

type Line = Omit<HistoryEntry, 'at'>

const FALLBACK_PLAN = {
  market: 'the terminal sells what is held at market once the stop’s cancel is confirmed',
  chase: `the terminal chases it with a limit, up to ${MAX_CHASES} times, then market`,
  hold: 'the order stays, as you chose: you decide',
} as const

const targetName = (leg: Leg): string => `target ${(leg.target ?? 0) + 1}`

/** The lines one step adds to the position's history. */
export function narrate(before: Position, after: Position, event: PositionEvent, actions: readonly PositionAction[]): Line[] {
  const base = after.pair.split('_')[0] ?? ''
  const sells = after.side === 'BUY' ? 'sells' : 'buys back'
  const lines: Line[] = []
  if (!before.gap && after.gap) {
    const g = after.gap
    lines.push({
      text: `The stop gapped: the market (${g.price}) is ${percentFrom(g.price, g.limitPrice)} % ${after.side === 'BUY' ? 'below' : 'above'} its limit ${g.limitPrice}; ${FALLBACK_PLAN[fallbackOf(after)]}`,
      notify: true,
    })
  }
  lines.push(...fills(before, after, event, base))
  for (const action of actions) {
    const leg = after.legs.find((l) => l.clientOrderId === action.clientOrderId)
    if (leg === undefined) continue
    if (action.type === 'cancel') lines.push({ text: cancelled(before, after, leg) })
    else if (action.type === 'place') lines.push(placed(after, leg, base, sells))
  }
  if (event.type === 'refused') {
    const leg = after.legs.find((l) => l.clientOrderId === event.clientOrderId)
    if (leg?.role === 'stop') lines.push({ text: `The exchange refused the stop (${event.reason}): the terminal keeps it while it runs`, notify: true })
  }
  if (before.attention === null && after.attention !== null && after.attention.reason !== 'stop-gapped')
    lines.push({ text: `Needs you: the price (${after.attention.price}) crossed a level while no terminal watched`, notify: true })
  if (before.state !== after.state && (after.state === 'closed' || after.state === 'cancelled')) lines.push({ text: `Ended: ${protectionWords(after).text}`, notify: after.state === 'closed' })
  return lines
}

function fills(before: Position, after: Position, event: PositionEvent, base: string): Line[] {
  if (!('clientOrderId' in event)) return []
  const was = before.legs.find((l) => l.clientOrderId === event.clientOrderId)
  const now = after.legs.find((l) => l.clientOrderId === event.clientOrderId)
  if (was === undefined || now === undefined) return []
  const delta = new Decimal(now.filled).minus(was.filled)
  if (delta.lte(0)) return []
  const whole = new Decimal(now.filled).gte(now.amount)
  const what = `${delta.toFixed()} ${base}${whole ? '' : ` (${now.filled} of ${now.amount} so far)`}`
  if (now.role === 'entry') return [{ text: `The entry ${after.side === 'BUY' ? 'bought' : 'sold'} ${what}` }]
  if (now.role === 'stop') return [{ text: `The stop filled: ${what}`, notify: true }]
  if (now.role === 'target') return [{ text: `Take-profit ${targetName(now)} filled: ${what}`, notify: true }]
  // the fallback's fill is told by the position's end, which follows it
  return [{ text: `${now.fallback !== undefined ? 'The fallback’s' : 'The closing'} order filled: ${what}` }]
}

function cancelled(before: Position, after: Position, leg: Leg): string {
  if (leg.role === 'entry') return leg.moving === true ? `The terminal cancelled the entry to move it to ${after.entryPrice}` : 'The terminal cancelled the entry: the position is closing'
  if (leg.role === 'target') return `The terminal cancelled ${targetName(leg)}’s sell: the position is closing`
  if (leg.role === 'close') return `The market ran past the fallback’s limit ${leg.limitPrice}: the terminal cancelled it to go again at ${after.closing?.price ?? ''}`
  const at = `the stop (stop ${leg.stopPrice}, limit ${leg.limitPrice})`
  if (after.closing?.fallback !== undefined) return `The terminal cancelled ${at} to ${after.closing.fallback === 'chase' ? 'chase it with a limit' : 'sell at market'}`
  if (after.closing !== null) return `The terminal cancelled ${at}: the position is closing`
  if (after.stop !== null && leg.stopPrice !== null && !new Decimal(after.stop.price).eq(leg.stopPrice)) return `The terminal cancelled ${at} to move it to ${after.stop.price}`
  const reached = after.targets.findIndex((t, i) => t.state === 'reached' && before.targets[i]?.state !== 'done')
  if (reached >= 0) return `The terminal cancelled ${at} to sell target ${reached + 1}`
  if (after.protection === 'terminal') return `The terminal cancelled ${at}: the terminal keeps the stop from now on`
  return `The terminal cancelled ${at} to cover what is held now`
}

function placed(after: Position, leg: Leg, base: string, sells: string): Line {
  const amount = `${leg.amount} ${base}`
  if (leg.role === 'entry') return { text: `The terminal placed the entry again: ${leg.type} ${leg.side === 'BUY' ? 'buy' : 'sell'} of ${amount} at ${leg.limitPrice}` }
  if (leg.role === 'stop') return { text: `The stop went to the exchange: ${sells} ${amount}, stop ${leg.stopPrice}, limit ${leg.limitPrice}` }
  if (leg.role === 'target') return { text: `Take-profit ${targetName(leg)} reached: the terminal ${sells} ${amount} (limit ${leg.limitPrice})` }
  if (leg.fallback === 'market')
    return {
      text:
        leg.type === 'MARKET' ? `The stop gapped: the terminal ${sells} ${amount} at market` : `The stop gapped: the terminal ${sells} ${amount} with a limit at ${leg.limitPrice}, past the market`,
    }
  if (leg.fallback === 'chase') return { text: `The stop gapped: the terminal chases with a limit of ${amount} at ${leg.limitPrice} (try ${after.gap?.chases ?? 1} of ${MAX_CHASES})` }
  return { text: `The terminal ${sells} ${amount} to close (limit ${leg.limitPrice})` }
}
