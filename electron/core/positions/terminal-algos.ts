// The algos.* handlers of the terminal: the execution algorithms are kept by the positions' keeper
// of the active profile (terminal-positions.ts starts it), in its file and under its lock. Where
// another process keeps them, a request is queued and answers `queued` with the algorithm's id.
import { algoStartSchema } from '../../domain/algos/algo-input'
import type { AlgoAnswer } from '../../domain/api/api'
import type { HandlersOf } from '../handlers'
import type { ExchangeClient } from '../exchange/client'
import type { Keeper } from './keeper'
import { algoAnswerOf, algoPlanFor } from './algo-start'
import type { AlgoCommand } from './position-store'

export type AlgoHandlers = HandlersOf<'algos.list' | 'algos.start' | 'algos.pause' | 'algos.resume' | 'algos.cancel'>

export function createAlgoHandlers(keeper: () => Promise<Keeper>, client: () => ExchangeClient): AlgoHandlers {
  async function command(type: AlgoCommand, id: string): Promise<AlgoAnswer> {
    const k = await keeper()
    if (k.acting() && !(await k.algos()).some((a) => a.id === id)) throw k.algoNotFound(id)
    return algoAnswerOf(id, await k.algo({ type, id }))
  }
  return {
    'algos.list': async () => (await keeper()).algos(),
    async 'algos.start'(input) {
      const k = await keeper()
      const plan = await algoPlanFor(client(), algoStartSchema.parse(input))
      return algoAnswerOf(plan.id, await k.algo({ type: 'algo-start', plan }))
    },
    'algos.pause': ({ id }) => command('algo-pause', id),
    'algos.resume': ({ id }) => command('algo-resume', id),
    'algos.cancel': ({ id }) => command('algo-cancel', id),
  }
}
