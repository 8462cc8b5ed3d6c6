// The keeper's side of a position's history (domain/protection/history.ts says the words): the lines
// of one step stamped with the time and kept with the position, the last HISTORY_MAX, so they are
// saved with it and survive a restart. Answers the lines a trader is told of at once.
import { HISTORY_MAX, narrate } from '../../domain/protection/history'
import type { HistoryEntry, Position, PositionEvent, Step } from '../../domain/protection/types'

/** Adds the step's lines to `next.position.history`; returns those marked `notify`. */
export function withHistory(before: Position, next: Step, event: PositionEvent, now: () => number): HistoryEntry[] {
  const lines = narrate(before, next.position, event, next.actions)
  if (lines.length === 0) return []
  const at = now()
  const added = lines.map((line) => ({ at, ...line }))
  next.position.history = [...(next.position.history ?? []), ...added].slice(-HISTORY_MAX)
  return added.filter((line) => line.notify === true)
}
