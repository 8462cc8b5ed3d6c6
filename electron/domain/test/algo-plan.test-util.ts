// The algorithm plans the reducer's and the keeper's tests start from: BTC_USDT's rules as the demo
// exchange has them (prices to 2 places, amounts to 6, 0.00001 to 100 BTC), one plan per kind that
// each test spreads its changes over; and the reducer run over events.
import { openAlgo } from '../algos/plan'
import { stepAlgo } from '../algos/step'
import type { Algo, AlgoAction, AlgoEvent, AlgoPlan, AlgoRules, AlgoSpec, AlgoStep } from '../algos/types'

export const RULES: AlgoRules = {
  name: 'BTC_USDT',
  currency1: 'BTC',
  currency2: 'USDT',
  price_precision: 2,
  amount_precision: 6,
  minimum_order_size: '0.00001',
  maximum_order_size: '100',
  minimum_order_value: '5',
}

export const T0 = 1_800_000_000_000

export const SPECS: { [K in AlgoSpec['kind']]: Extract<AlgoSpec, { kind: K }> } = {
  twap: { kind: 'twap', slices: 4, durationMs: 60_000, limitPrice: null, randomizePct: 0, finish: 'market' },
  iceberg: { kind: 'iceberg', slice: '0.25', price: '100' },
  scaled: { kind: 'scaled', orders: 4, fromPrice: '100', toPrice: '94', distribution: 'even' },
  chase: { kind: 'chase', maxDistance: null, maxMoves: 3, finish: 'market' },
}

export function planOf(spec: AlgoSpec, over: Partial<AlgoPlan> = {}): AlgoPlan {
  return { id: 'algo1', side: 'BUY', amount: '1', spec, rules: RULES, startAt: T0, seed: 7, ...over }
}

export const market = (at: number, bid: string | null, ask: string | null, last: string | null = bid): AlgoEvent => ({ type: 'market', at, bid, ask, last })

/** The algorithm after stepping `events` from the opened plan, and the last step's actions. */
export function runAlgo(plan: AlgoPlan | Algo, ...events: AlgoEvent[]): AlgoStep {
  let s: AlgoStep = { algo: 'kind' in plan ? plan : openAlgo(plan), actions: [], wakeAt: null }
  for (const event of events) s = stepAlgo(s.algo, event)
  return s
}

export const places = (actions: AlgoAction[]) => actions.filter((x): x is Extract<AlgoAction, { type: 'place' }> => x.type === 'place')
