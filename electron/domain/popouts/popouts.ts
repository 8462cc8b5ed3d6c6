// A pop-out: one panel (a chart pane, or the book with the trades) in a window of its own. What is
// kept of it (popouts.json, through the core): which panel, the pair and interval it shows, and where
// its window stood, so it comes back after a restart. Checked on every way in: the window's calls,
// and the file on read.
import { z } from 'zod'
import { candleIntervalSchema } from '../wire/wire'
import { MAX_PANE, POPOUT_PANELS } from './popout-route'
import { positiveDecimal } from '../prefs/ladder-prefs-schema'

export * from './popout-route'

/** The most pop-outs kept at once: four chart panes and the book. */
export const MAX_POPOUTS = MAX_PANE + 2

const pair = z.string().regex(/^[A-Z0-9]{1,20}_[A-Z0-9]{1,20}$/, 'A pair looks like BTC_USDT')
const coordinate = z.number().int().min(-100_000).max(100_000)

export const popoutPlaceSchema = z.strictObject({
  panel: z.enum(POPOUT_PANELS),
  pane: z.number().int().min(0).max(MAX_PANE),
})

/** A window's place on the screens, in screen pixels. */
export const popoutBoundsSchema = z.strictObject({
  x: coordinate,
  y: coordinate,
  width: z.number().int().min(200).max(20_000),
  height: z.number().int().min(150).max(20_000),
})
export type PopoutBounds = z.infer<typeof popoutBoundsSchema>

export const popoutSchema = popoutPlaceSchema.extend({
  pair,
  interval: candleIntervalSchema,
  bounds: popoutBoundsSchema.nullable(),
})
export type Popout = z.infer<typeof popoutSchema>

/**
 * popouts.open: the panel, what it shows; its bounds when the window knows them (a restore). `follow`:
 * only what an open pop-out shows changed — one brought back meanwhile is not opened again (a window's
 * late word after another window closed it).
 */
export const popoutOpenInput = popoutPlaceSchema.extend({
  pair,
  interval: candleIntervalSchema,
  bounds: popoutBoundsSchema.nullable().optional(),
  follow: z.literal(true).optional(),
})
/**
 * popouts.fill: a price (and, with Shift, the amount up to it) clicked in a popped-out book, for the
 * main window's order form, which is not in that window. It only fills the form's fields: nothing is
 * ever sent by it. The main window takes it only for the pair its form shows.
 */
export const popoutFillInput = z.strictObject({ pair, price: positiveDecimal, amount: positiveDecimal.optional() })
export type PopoutFill = z.infer<typeof popoutFillInput>

/** popouts.place: where a pop-out's window now stands. */
export const popoutPlaceInput = popoutPlaceSchema.extend({ bounds: popoutBoundsSchema })

export const popoutsFileSchema = z.strictObject({
  version: z.literal(1),
  popouts: z
    .array(popoutSchema)
    .max(MAX_POPOUTS)
    .refine((list) => new Set(list.map((p) => `${p.panel}-${p.pane}`)).size === list.length, 'two pop-outs of one panel'),
})
export type PopoutsFile = z.infer<typeof popoutsFileSchema>

/** The list with `next` in the place of the pop-out of the same panel and pane, or added at the end. */
export function withPopout(list: readonly Popout[], next: Popout): Popout[] {
  const at = list.findIndex((p) => p.panel === next.panel && p.pane === next.pane)
  if (at === -1) return [...list, next]
  return list.map((p, i) => (i === at ? next : p))
}

/** The list without the pop-out of that panel and pane. */
export function withoutPopout(list: readonly Popout[], place: { panel: string; pane: number }): Popout[] {
  return list.filter((p) => !(p.panel === place.panel && p.pane === place.pane))
}
