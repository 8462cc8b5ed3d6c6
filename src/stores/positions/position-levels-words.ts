// The "change entry / stop / targets" dialog, read: from the price fields (filled with the position's levels,
// or with the price a line was dropped at) to the `positions.modify` change, the error under each
// field, and what will happen, in words — old → new, and what the keeper does for it. Pure, exact.
import type { Decimal } from '@domain/decimal'
import { parseDecimal } from '@domain/decimal'
import { entryMovable, levelsProblem, type LevelsChange } from '@domain/protection/levels'
import { beyond } from '@domain/protection/legs'
import type { Position } from '@domain/protection/types'
import type { Dec } from '@domain/wire/wire'
import { formatExact } from '@/lib/format'

export interface LevelFields {
  /** A pending LIMIT entry's price; absent when the entry no longer moves (or is not asked). */
  entry?: string
  stop: string
  /** By target index; only the waiting targets are editable. */
  targets: Record<number, string>
}

export interface LevelsReading {
  change: LevelsChange | null
  /** `entry`, `stop`, `target-<i>` or `form` → what is wrong. */
  errors: Record<string, string>
  /** One line per level that changes: "Stop: 41,000 → 41,200", then what the keeper does. */
  lines: { level: string; from: Dec; to: Dec; then: string }[]
}

const NUMBER = /^\d+(\.\d+)?$/

export const fieldsOf = (p: Position): LevelFields => ({
  ...(entryMovable(p) ? { entry: p.entryPrice } : {}),
  stop: p.stop?.price ?? '',
  targets: Object.fromEntries(p.targets.flatMap((t, i) => (t.state === 'waiting' ? [[i, t.price]] : []))),
})

/** What the keeper does when a pending LIMIT entry moves, said before it is asked. */
const ENTRY_WORDS =
  'The entry is cancelled at the exchange, then placed again at the new price once the cancel is confirmed; never two entries at once. If part of it fills first, nothing is placed again: the position opens for what filled.'

/** What the keeper does when the stop moves to `to`, said before it is asked. */
function stopWords(p: Position, to: Decimal): string {
  if (p.protection === 'terminal') return 'The terminal watches the new stop while it runs; nothing is sent until the price reaches it.'
  const [at, limit] = [formatExact(to.toFixed()), formatExact(beyond(p, to, p.stop!.limitOffset).toFixed())]
  if (p.state === 'pending') return `Nothing rests yet: the stop goes to the exchange at ${at} (limit ${limit}) as the entry fills.`
  return `The stop resting at the exchange is cancelled; once the cancel is confirmed, a new STOP_LIMIT is placed at ${at} (limit ${limit}) for what is held. Never two stops at once.`
}

export function readLevels(p: Position, f: LevelFields, last: Dec | null): LevelsReading {
  const errors: Record<string, string> = {}
  const read = (field: string, text: string, what: string): Decimal | null => {
    const t = text.trim()
    const value = NUMBER.test(t) ? parseDecimal(t) : null
    if (value === null || value.lte(0)) errors[field] = `${what} must be a positive number, e.g. 43000.5`
    return value !== null && value.gt(0) ? value : null
  }
  const change: LevelsChange = {}
  const lines: LevelsReading['lines'] = []
  if (entryMovable(p) && f.entry !== undefined) {
    const entry = read('entry', f.entry, 'The entry price')
    if (entry !== null && !entry.eq(p.entryPrice)) {
      change.entry = entry.toFixed()
      lines.push({ level: 'Entry', from: p.entryPrice, to: entry.toFixed(), then: ENTRY_WORDS })
    }
  }
  if (p.stop !== null) {
    const stop = read('stop', f.stop, 'The stop-loss')
    if (stop !== null && !stop.eq(p.stop.price)) {
      change.stop = stop.toFixed()
      lines.push({ level: 'Stop', from: p.stop.price, to: stop.toFixed(), then: stopWords(p, stop) })
    }
  }
  for (const [key, text] of Object.entries(f.targets)) {
    const i = Number(key)
    const target = p.targets[i]
    const price = read(`target-${i}`, text, `Target ${i + 1}’s price`)
    if (target === undefined || price === null || price.eq(target.price)) continue
    ;(change.targets ??= []).push({ index: i, price: price.toFixed() })
    lines.push({ level: `Target ${i + 1}`, from: target.price, to: price.toFixed(), then: 'The terminal watches the new price; nothing is sent until the price reaches it.' })
  }
  if (Object.keys(errors).length > 0) return { change: null, errors, lines }
  if (lines.length === 0) return { change: null, errors: { form: 'Nothing changes yet: enter a new price' }, lines }
  if (last === null) return { change: null, errors: { form: 'The last price is not known yet: wait for the market' }, lines }
  const problem = levelsProblem(p, change, last)
  if (problem !== null) {
    // a target's problem goes under the first target that has it
    const wrong = change.targets?.find((t) => levelsProblem(p, { targets: [t] }, last) !== null)
    const field = problem.field === 'stop' || problem.field === 'entry' ? problem.field : problem.field === 'targets' && wrong ? `target-${wrong.index}` : 'form'
    return { change: null, errors: { [field]: problem.message }, lines }
  }
  return { change, errors, lines }
}
