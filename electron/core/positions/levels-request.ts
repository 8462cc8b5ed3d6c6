// positions.modify at the keeper: the trader's new entry (a pending LIMIT's), stop or target prices, checked against the last
// price the exchange gives now (protection/levels.ts), become the reducer's `levels` event; a change
// that breaks a rule is refused with the field it is about, and nothing is sent.
import { TerminalError } from '../../domain/errors'
import { levelsProblem, type LevelsChange } from '../../domain/protection/levels'
import type { Position, PositionEvent } from '../../domain/protection/types'
import type { PositionModifyInput } from '../../domain/risk/protect-plan'

const FIELD = { entry: 'entryPrice', stop: 'stopLoss', targets: 'takeProfits', position: 'id' } as const

/** The change a `positions.modify` input asks for. */
export const changeOf = (input: PositionModifyInput): LevelsChange => ({
  ...(input.entryPrice !== undefined ? { entry: input.entryPrice } : {}),
  ...(input.stopLoss !== undefined ? { stop: input.stopLoss } : {}),
  ...(input.takeProfits !== undefined ? { targets: input.takeProfits } : {}),
})

/** The reducer's event for `change`, or a validation error saying what is wrong. */
export function levelsEventOf(p: Position, change: LevelsChange, last: string | null): PositionEvent {
  if (last === null) throw new TerminalError({ kind: 'validation', code: 'NO_LAST_PRICE', field: 'id', message: `${p.pair} has no last price yet; nothing was changed.` })
  const problem = levelsProblem(p, change, last)
  if (problem !== null) throw new TerminalError({ kind: 'validation', code: 'INVALID_LEVELS', field: FIELD[problem.field], message: `${problem.message}; nothing was changed.` })
  return { type: 'levels', last, ...change }
}
