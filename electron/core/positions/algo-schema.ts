// An execution algorithm as the keeper's file holds it (domain/algos/types.ts), checked when the file
// is read back: the algorithms live in the same file as the protected positions, beside them.
import { z } from 'zod'
import { ALGO_STATES, type Algo, type AlgoPlan } from '../../domain/algos/types'

const dec = z.string().regex(/^-?\d+(\.\d+)?$/)
const side = z.enum(['BUY', 'SELL'])
const finish = z.enum(['market', 'leave'])

export const algoSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('twap'), slices: z.number().int(), durationMs: z.number(), limitPrice: dec.nullable(), randomizePct: z.number(), finish }),
  z.object({ kind: z.literal('iceberg'), slice: dec, price: dec }),
  z.object({ kind: z.literal('scaled'), orders: z.number().int(), fromPrice: dec, toPrice: dec, distribution: z.enum(['even', 'geometric']) }),
  z.object({ kind: z.literal('chase'), maxDistance: dec.nullable(), maxMoves: z.number().int().nullable(), finish }),
])

export const algoRulesSchema = z.object({
  name: z.string(),
  currency1: z.string(),
  currency2: z.string(),
  price_precision: z.number().int(),
  amount_precision: z.number().int(),
  minimum_order_size: dec,
  maximum_order_size: dec,
  minimum_order_value: dec,
})

const sliceSchema = z.object({
  clientOrderId: z.string(),
  orderId: z.string().nullable(),
  side,
  type: z.enum(['LIMIT', 'MARKET']),
  amount: dec,
  filled: dec,
  limitPrice: dec.nullable(),
  price: dec,
  status: z.enum(['placing', 'resting', 'cancelling', 'unknown', 'done', 'refused', 'lost']),
  lost: z.enum(['place', 'cancel']).nullable(),
  step: z.number().int().nullable(),
  pulled: z.boolean().optional(),
  finish: z.boolean().optional(),
  refusedWhy: z.string().max(1_000).optional(),
})

export const algoSchema = z.object({
  id: z.string(),
  kind: z.enum(['twap', 'iceberg', 'scaled', 'chase']),
  pair: z.string(),
  side,
  amount: dec,
  state: z.enum(ALGO_STATES),
  spec: algoSpecSchema,
  rules: algoRulesSchema,
  startAt: z.number(),
  seed: z.number().int(),
  plan: z.array(z.object({ at: z.number().nullable(), price: dec.nullable(), amount: dec })),
  arrivalPrice: dec.nullable(),
  slices: z.array(sliceSchema),
  orderCount: z.number().int().min(0),
  pause: z.object({ reason: z.string().max(1_000) }).nullable(),
  ending: z.enum(['cancel', 'finish']).nullable(),
  chase: z.object({ moves: z.number().int().min(0), anchor: dec.nullable(), exhausted: z.boolean() }).optional(),
  market: z.object({ at: z.number(), bid: dec.nullable(), ask: dec.nullable(), last: dec.nullable() }).nullable(),
  note: z.string().max(1_000).nullable(),
  endedAt: z.number().nullable(),
}) satisfies z.ZodType<Algo>

export const algoPlanSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9._-]{1,40}$/),
  side,
  amount: dec,
  spec: algoSpecSchema,
  rules: algoRulesSchema,
  startAt: z.number(),
  seed: z.number().int(),
}) satisfies z.ZodType<AlgoPlan>
