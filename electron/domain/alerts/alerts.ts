// Price and order alerts: what an alert is, and when it fires. Pure; the core keeps them on disk
// (core/alert-store.ts) and runs them against every price it sees, so they fire with the window
// minimised or hidden. Each alert belongs to one profile (one exchange): prices differ between
// exchanges, and an alert set on one must never fire on another's prices.
import { z } from 'zod'
import { Decimal } from '../decimal'
import { filledOrderWords } from './alert-words'
import { checkAlertPrice } from './alert-price'
import { LINE_KINDS } from '../drawings/drawing-words'

// 'line': the price crosses a drawn line (a horizontal line, a ray or a trend line), at the line's
// price at that time; the alert follows the drawing as it is moved (docs/drawings.md).
export const ALERT_KINDS = ['above', 'below', 'cross', 'order-filled', 'line'] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

const decimalText = z.string().regex(/^\d+(\.\d+)?$/, 'a positive decimal number, e.g. 43000.5')
// A new alert's price is held to what the window refuses (alert-price.ts), in its words: the core does
// not trust the window. Stored alerts are read with the plain decimalText, so an alerts.json written
// before these checks still loads whole. The pair's precision is checked where the pair is known.
const draftPrice = decimalText.superRefine((text, ctx) => {
  const checked = checkAlertPrice(text, null)
  if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.problem })
})

export const alertDraftSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.enum(['above', 'below', 'cross']),
    pair: z.string().regex(/^[A-Z0-9]+_[A-Z0-9]+$/),
    price: draftPrice,
    note: z.string().max(200).optional(),
    sound: z.boolean().optional(),
  }),
  // Without an order id: the next order of the pair that fills (an order filled before the alert was
  // set never fires it).
  z.strictObject({
    kind: z.literal('order-filled'),
    pair: z.string().regex(/^[A-Z0-9]+_[A-Z0-9]+$/),
    orderId: z.number().int().positive().optional(),
    note: z.string().max(200).optional(),
    sound: z.boolean().optional(),
  }),
  // On a drawing of the active profile's: the core reads the line from the drawings it keeps.
  z.strictObject({
    kind: z.literal('line'),
    pair: z.string().regex(/^[A-Z0-9]+_[A-Z0-9]+$/),
    drawingId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    note: z.string().max(200).optional(),
    sound: z.boolean().optional(),
  }),
])
export type AlertDraft = z.output<typeof alertDraftSchema>
/** An alert on a drawing's line, as asked for: what a deleted drawing's undo asks for again. */
export type LineAlertDraft = Extract<AlertDraft, { kind: 'line' }>

export const alertSchema = z.object({
  id: z.string().min(1),
  profileId: z.string().min(1),
  kind: z.enum(ALERT_KINDS),
  pair: z.string(),
  price: decimalText.optional(),
  orderId: z.number().int().positive().optional(),
  note: z.string().optional(),
  sound: z.boolean(),
  createdAt: z.number(),
  /** The last price when it was created: where a 'cross' starts from. */
  reference: decimalText.optional(),
  status: z.enum(['active', 'fired', 'cancelled']),
  firedAt: z.number().optional(),
  /** The price (or the order status) that fired it. */
  firedBy: z.string().optional(),
  /** The drawing a 'line' alert follows, and its kind when the alert was set. */
  drawingId: z.string().optional(),
  drawingKind: z.enum(LINE_KINDS).optional(),
  /** When `reference` was the last price: a 'line' alert measures the line's price then. */
  referenceAt: z.number().optional(),
  /** The order that fired an 'order-filled' alert set on any order of its pair. */
  filledOrderId: z.number().int().positive().optional(),
})
export type Alert = z.output<typeof alertSchema>

/**
 * Whether a price alert fires at `last`, given the price before it (`previous`, or the reference at
 * creation). 'cross' fires when the price reaches the level from either side.
 */
export function priceAlertFires(alert: Pick<Alert, 'kind' | 'price' | 'status'>, previous: string | null, last: string): boolean {
  if (alert.status !== 'active' || alert.price === undefined) return false
  const level = new Decimal(alert.price)
  const now = new Decimal(last)
  if (alert.kind === 'above') return now.gte(level)
  if (alert.kind === 'below') return now.lte(level)
  if (alert.kind === 'cross') {
    if (previous === null) return false
    const before = new Decimal(previous)
    return (before.lt(level) && now.gte(level)) || (before.gt(level) && now.lte(level))
  }
  return false
}

/** A price seen against a line's price at the same time. */
export interface LineSighting {
  price: string
  /** The line's price at that moment (null: the line has none then, e.g. before a ray starts). */
  level: string | null
}

/**
 * Whether a 'line' alert fires: the price was on one side of the line and is now on it or past it on
 * the other. The line moves (a trend line, a ray), so each price is compared with the line's price at
 * its own time, not one level.
 */
export function lineAlertFires(alert: Pick<Alert, 'kind' | 'status'>, before: LineSighting | null, now: LineSighting): boolean {
  if (alert.status !== 'active' || alert.kind !== 'line' || before === null || before.level === null || now.level === null) return false
  const was = new Decimal(before.price).cmp(before.level)
  const is = new Decimal(now.price).cmp(now.level)
  return (was < 0 && is >= 0) || (was > 0 && is <= 0)
}

/** An order as the account feed showed it, and whether it became FILLED since the previous look. */
export interface OrderSeen {
  id: number
  pair: string
  status: string
  /** FILLED now, and not seen FILLED before: the only fill a pair-wide alert may fire on. */
  newlyFilled: boolean
}

/**
 * Whether an 'order-filled' alert fires on an order: its own order once FILLED, or, set on any order
 * of a pair, an order of that pair that has just filled.
 */
export function orderAlertFires(alert: Pick<Alert, 'kind' | 'orderId' | 'pair' | 'status'>, order: OrderSeen): boolean {
  if (alert.status !== 'active' || alert.kind !== 'order-filled' || order.status.toUpperCase() !== 'FILLED') return false
  if (alert.orderId !== undefined) return alert.orderId === order.id
  return order.newlyFilled && order.pair.toUpperCase() === alert.pair
}

/** The words of a fired alert's notification. */
export function alertMessage(alert: Alert): { title: string; body: string } {
  const pair = alert.pair.replace('_', '/')
  const note = alert.note ? ` — ${alert.note}` : ''
  if (alert.kind === 'order-filled') return { title: `${pair}: ${filledOrderWords(alert)} filled`, body: `Your ${filledOrderWords(alert)} is filled${note}` }
  const verb = alert.kind === 'above' ? 'rose to' : alert.kind === 'below' ? 'fell to' : alert.kind === 'line' ? 'crossed its line at' : 'crossed'
  return { title: `${pair} ${verb} ${alert.price}`, body: `Last price ${alert.firedBy ?? alert.price}${note}` }
}
