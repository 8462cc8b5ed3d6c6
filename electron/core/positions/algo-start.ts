// `algos.start` from the facts the exchange gives now: the pair's record (its order rules), the time
// and a seed; the plan checked whole against the pair's rules before it is kept or queued. Shared by
// the terminal's handlers and the CLI.
import { randomBytes } from 'node:crypto'
import { algoPlanOf, rulesOf, type AlgoStartInput } from '../../domain/algos/algo-input'
import { openAlgo } from '../../domain/algos/plan'
import type { Algo, AlgoPlan } from '../../domain/algos/types'
import type { AlgoAnswer } from '../../domain/api/api'
import { TerminalError } from '../../domain/errors'
import type { ExchangeClient } from '../exchange/client'
import { newAlgoId } from './protect'

export async function algoPlanFor(client: Pick<ExchangeClient, 'pairs'>, input: AlgoStartInput, id: string = newAlgoId(), now: number = Date.now()): Promise<AlgoPlan> {
  const pair = (await client.pairs()).find((p) => p.name.toUpperCase() === input.pair)
  if (pair === undefined) throw new TerminalError({ kind: 'validation', code: 'UNKNOWN_PAIR', field: 'pair', message: `${input.pair} is not a pair of this exchange; nothing was sent.` })
  const rules = rulesOf(pair)
  const plan = algoPlanOf(input, { id, rules, startAt: now, seed: randomBytes(4).readUInt32BE(0) })
  openAlgo(plan) // refuses, saying why, a plan whose slices the pair's rules refuse: nothing kept, nothing queued
  return plan
}

export const algoAnswerOf = (id: string, algo: Algo | null): AlgoAnswer => (algo === null ? { queued: true, id, algo: null } : { queued: false, id, algo })
