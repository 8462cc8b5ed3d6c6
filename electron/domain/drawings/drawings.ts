// Drawings on the candle chart: what each kind is, in time and price coordinates (never pixels), and
// the zod schemas the core checks every drawing against before it keeps it. A drawing belongs to one
// profile (one exchange) and one pair; the core adds the profile, the window never names it.
import { z } from 'zod'
import { Decimal } from '../decimal'
import { MAX_PRICE_INTEGER_DIGITS } from '../alerts/alert-price'
import type { LineKind } from './drawing-words'
import { positionSidesOk } from './drawing-math'

export { DRAWING_KINDS, DRAWING_NAMES, LINE_KINDS, POINT_COUNTS, isLineKind, type DrawingKind, type LineKind } from './drawing-words'

/** Drawings one profile may keep on one pair: more is a runaway script, not analysis. */
export const MAX_DRAWINGS_PER_PAIR = 500

/** A positive price as exact decimal text, at most 18 digits before the point and 18 after it. */
export const drawingPriceSchema = z
  .string()
  .regex(/^\d{1,18}(\.\d{1,18})?$/, `a positive decimal number (at most ${MAX_PRICE_INTEGER_DIGITS} digits before the point and 18 after), e.g. 43000.5`)
  .refine((text) => new Decimal(text).gt(0), 'a price above zero')

/** A time in milliseconds since 1970 (UTC), between 2000 and 2200. */
export const drawingTimeSchema = z.number().int().min(946_684_800_000).max(7_258_118_400_000)

export const drawingPointSchema = z.strictObject({ time: drawingTimeSchema, price: drawingPriceSchema })
export type DrawingPoint = z.output<typeof drawingPointSchema>

const pairSchema = z.string().regex(/^[A-Z0-9]{1,20}_[A-Z0-9]{1,20}$/, 'a pair like BTC_USDT')
/** A CSS hex colour: #rgb or #rrggbb. Nothing else reaches a canvas or a style attribute. */
const colorSchema = z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'a colour like #3b82f6')
const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _ (at most 64)')

const common = {
  id: idSchema,
  pair: pairSchema,
  color: colorSchema,
}
/** Exactly n points (min and max rather than length: the contract's fuzz tests read those checks). */
const points = (n: number) => {
  const words = n === 1 ? 'one point' : `${n} points`
  return z.array(drawingPointSchema).min(n, words).max(n, words)
}

/** Two points at one time give no slope: a ray or a trend line needs them apart in time. */
const apartInTime = (p: readonly DrawingPoint[]) => p.length < 2 || p[0]!.time !== p[1]!.time

const positionShape = {
  ...common,
  points: points(2),
  stop: drawingPriceSchema,
  target: drawingPriceSchema,
  /** The amount the trade would buy or sell (base currency): the amount at risk is figured from it. */
  amount: drawingPriceSchema.optional(),
}

/**
 * A drawing's shape, field by field: what the contract checks where a payload enters the core
 * (api-inputs.ts). `drawingSchema` adds the checks across fields, which the core's store applies to
 * every drawing it keeps.
 */
export const drawingShapeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...common, kind: z.literal('hline'), points: points(1) }),
  z.strictObject({ ...common, kind: z.literal('ray'), points: points(2) }),
  z.strictObject({ ...common, kind: z.literal('trendline'), points: points(2) }),
  z.strictObject({ ...common, kind: z.literal('rect'), points: points(2) }),
  z.strictObject({ ...common, kind: z.literal('fib'), points: points(2) }),
  z.strictObject({ ...common, kind: z.literal('text'), points: points(1), text: z.string().trim().min(1, 'some text').max(500) }),
  z.strictObject({ ...positionShape, kind: z.literal('long') }),
  z.strictObject({ ...positionShape, kind: z.literal('short') }),
])

export const drawingSchema = drawingShapeSchema
  .refine((d) => !(d.kind === 'ray' || d.kind === 'trendline') || apartInTime(d.points), { message: 'the two points of a line must be at different times', path: ['points'] })
  .refine((d) => !(d.kind === 'long' || d.kind === 'short') || positionSidesOk(d), {
    message: 'a long position has its stop below the entry and its target above it; a short one the other way round',
    path: ['stop'],
  })
export type Drawing = z.output<typeof drawingSchema>
export type LineDrawing = Extract<Drawing, { kind: LineKind }>
export type PositionDrawing = Extract<Drawing, { kind: 'long' | 'short' }>

/** A drawing as the core keeps it: with its profile and when it was last saved. */
export const storedDrawingSchema = z.object({ profileId: z.string().min(1), savedAt: z.number(), drawing: drawingSchema })
export type StoredDrawing = z.output<typeof storedDrawingSchema>

export const drawingsListInput = z.strictObject({ pair: pairSchema })
export const drawingDeleteInput = z.strictObject({ id: idSchema })

/** What a drawing's schema says is wrong with it, in words (the first problem, with where it is). */
export function drawingProblem(input: unknown): string | null {
  const parsed = drawingSchema.safeParse(input)
  if (parsed.success) return null
  const issue = parsed.error.issues[0]
  return `${issue?.path.join('.') || 'drawing'}: ${issue?.message ?? 'not a drawing'}`
}
