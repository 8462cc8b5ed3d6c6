// What a trader asks to start (`algos.start`, the CLI's `algo-start`): one input per kind, checked
// where it enters the main process, and the plan made from it with the pair's rules, the time and a
// seed. The plan is checked whole against the pair's rules (openAlgo) before it is kept or queued.
import { z } from 'zod'
import type { Pair } from '../wire/wire'
import type { AlgoPlan, AlgoRules, AlgoSpec } from './types'
import { MAX_RANDOMIZE_PCT, MAX_SLICES } from './plan'

const dec = z
  .string()
  .max(64)
  .regex(/^\d+(\.\d+)?$/, 'A positive decimal number, e.g. 0.5')
const common = {
  pair: z.string().regex(/^[A-Z0-9]{1,20}_[A-Z0-9]{1,20}$/, 'A pair looks like BTC_USDT'),
  side: z.enum(['BUY', 'SELL']),
  /** The total, in the base currency. */
  amount: dec,
}
const count = z.number().int().min(1).max(MAX_SLICES)
const finish = z.enum(['market', 'leave'])

export const algoStartSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('twap'),
    ...common,
    slices: count,
    /** The whole duration, in ms (at least a second, at most a week). */
    durationMs: z
      .number()
      .int()
      .min(1_000)
      .max(7 * 24 * 3_600_000),
    limitPrice: dec.optional(),
    /** ± this percent on each slice's size and time (seeded: a restart gives the same). */
    randomizePct: z.number().min(0).max(MAX_RANDOMIZE_PCT).optional(),
    finish: finish.optional(),
  }),
  z.strictObject({ kind: z.literal('iceberg'), ...common, slice: dec, price: dec }),
  z.strictObject({ kind: z.literal('scaled'), ...common, orders: count, fromPrice: dec, toPrice: dec, distribution: z.enum(['even', 'geometric']).optional() }),
  z.strictObject({ kind: z.literal('chase'), ...common, maxDistance: dec.optional(), maxMoves: z.number().int().min(0).max(10_000).optional(), finish: finish.optional() }),
])
export type AlgoStartInput = z.infer<typeof algoStartSchema>

export function specOf(input: AlgoStartInput): AlgoSpec {
  switch (input.kind) {
    case 'twap':
      return { kind: 'twap', slices: input.slices, durationMs: input.durationMs, limitPrice: input.limitPrice ?? null, randomizePct: input.randomizePct ?? 0, finish: input.finish ?? 'leave' }
    case 'iceberg':
      return { kind: 'iceberg', slice: input.slice, price: input.price }
    case 'scaled':
      return { kind: 'scaled', orders: input.orders, fromPrice: input.fromPrice, toPrice: input.toPrice, distribution: input.distribution ?? 'even' }
    case 'chase':
      return { kind: 'chase', maxDistance: input.maxDistance ?? null, maxMoves: input.maxMoves ?? null, finish: input.finish ?? 'leave' }
  }
}

/** The plan of a start: its id (made before it is queued, so a requester can print it), the pair's rules, when it starts and its seed. */
export function algoPlanOf(input: AlgoStartInput, facts: { id: string; rules: AlgoRules; startAt: number; seed: number }): AlgoPlan {
  return { id: facts.id, side: input.side, amount: input.amount, spec: specOf(input), rules: facts.rules, startAt: facts.startAt, seed: facts.seed }
}

const DURATION_UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000 }

/** A duration as the CLI's `--duration` and the window's form take it (30s, 10m, 1.5h), in ms; null when it is not one. */
export function durationMsOf(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*(s|m|h)$/.exec(text.trim())
  return match === null ? null : Math.round(Number(match[1]) * DURATION_UNITS[match[2]!]!)
}

/** The order rules an algorithm's slices must pass, from the pair's record at the exchange. */
export function rulesOf(pair: Pair): AlgoRules {
  return {
    name: pair.name.toUpperCase(),
    currency1: pair.currency1,
    currency2: pair.currency2,
    price_precision: pair.price_precision,
    amount_precision: pair.amount_precision,
    minimum_order_size: pair.minimum_order_size,
    maximum_order_size: pair.maximum_order_size,
    minimum_order_value: pair.minimum_order_value,
  }
}
