// The shapes of the chart workspace's saved preferences (indicators per pair and interval, the panel
// arrangement), shared by the core that keeps them and the renderer that edits them. A saved file is
// read tolerantly: a bad entry is dropped and a bad field falls back to its default, so one broken
// value never costs the trader the rest of their setup.
import { z } from 'zod'

export const INDICATOR_IDS = ['SMA', 'EMA', 'BB', 'VWAP', 'RSI', 'MACD', 'VOLMA'] as const
export type IndicatorId = (typeof INDICATOR_IDS)[number]

/** At most this many indicators on one chart: each is a few series, and the legend must fit. */
export const MAX_INDICATORS = 8
/** At most this many pair|interval entries are kept (every pair × 7 intervals is far below it). */
export const MAX_INDICATOR_CHARTS = 600

export interface IndicatorPref {
  id: IndicatorId
  params: Record<string, number>
  color: string
}

const param = z.number().min(0).max(10_000)

export const indicatorPrefSchema = z.strictObject({
  id: z.enum(INDICATOR_IDS),
  // The parameter names the indicators use (src/indicators/specs.ts); their bounds are checked there.
  params: z.strictObject({
    period: param.optional(),
    deviation: param.optional(),
    fast: param.optional(),
    slow: param.optional(),
    signal: param.optional(),
  }),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour looks like #3b82f6'),
})

/** "BTC_USDT|15": the chart an indicator list belongs to. */
export const chartKeySchema = z.string().regex(/^[A-Z0-9]{1,20}_[A-Z0-9]{1,20}\|(1|5|15|30|60|240|1D)$/, 'A chart key looks like BTC_USDT|15')

export function chartKey(pair: string, interval: string): string {
  return `${pair}|${interval}`
}

/**
 * What prefs.set takes: one chart's list (an empty list forgets the chart). One chart per change, so
 * two windows editing two charts never overwrite each other's lists.
 */
export const indicatorPatchSchema = z.strictObject({
  chart: chartKeySchema,
  list: z.array(indicatorPrefSchema).max(MAX_INDICATORS),
})
export type IndicatorPatch = z.output<typeof indicatorPatchSchema>

/** The map with one chart's list replaced; the map stays within MAX_INDICATOR_CHARTS charts. */
export function applyIndicatorPatch(map: Readonly<Record<string, IndicatorPref[]>>, patch: IndicatorPatch): Record<string, IndicatorPref[]> {
  const next = { ...map }
  delete next[patch.chart]
  if (patch.list.length === 0) return next
  // Oldest first out: a chart set again moves to the end (insertion order), so the least recently
  // edited charts are the ones forgotten, and only once there are more than any trader uses.
  const keys = Object.keys(next)
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_INDICATOR_CHARTS + 1))) delete next[key]
  next[patch.chart] = patch.list.map((entry) => ({ id: entry.id, params: { ...entry.params } as Record<string, number>, color: entry.color }))
  return next
}

/** The saved map, keeping every valid entry of every valid chart and dropping the rest. */
export function readIndicatorPrefs(value: unknown): Record<string, IndicatorPref[]> {
  const out: Record<string, IndicatorPref[]> = {}
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out
  for (const [key, list] of Object.entries(value)) {
    if (Object.keys(out).length >= MAX_INDICATOR_CHARTS) break
    if (!chartKeySchema.safeParse(key).success || !Array.isArray(list)) continue
    const valid = list.flatMap((entry) => {
      const parsed = indicatorPrefSchema.safeParse(entry)
      return parsed.success ? [parsed.data] : []
    })
    out[key] = valid.slice(0, MAX_INDICATORS)
  }
  return out
}

export interface LayoutPrefs {
  /** The pair list's width, percent of the window. */
  sidebar: number
  /** The bottom tabs' height, percent of the area under the header. */
  bottom: number
  /** The side column (order form, book, trades), percent of the window's width. */
  side: number
  bottomCollapsed: boolean
  sideCollapsed: boolean
}

export const LAYOUT_BOUNDS = {
  sidebar: { min: 10, max: 60 },
  bottom: { min: 10, max: 70 },
  side: { min: 15, max: 50 },
} as const

export const DEFAULT_LAYOUT: LayoutPrefs = { sidebar: 24, bottom: 30, side: 25, bottomCollapsed: false, sideCollapsed: false }

const size = (key: keyof typeof LAYOUT_BOUNDS) => z.number().min(LAYOUT_BOUNDS[key].min).max(LAYOUT_BOUNDS[key].max)

/** What prefs.set accepts: sizes within bounds; the newer fields optional for older callers. */
export const layoutInputSchema = z.strictObject({
  sidebar: size('sidebar'),
  bottom: size('bottom'),
  side: size('side').optional(),
  bottomCollapsed: z.boolean().optional(),
  sideCollapsed: z.boolean().optional(),
})

/** A saved layout: each field on its own, so a file from before a field existed keeps the others. */
export const layoutFileSchema = z
  .object({
    sidebar: size('sidebar').catch(DEFAULT_LAYOUT.sidebar),
    bottom: size('bottom').catch(DEFAULT_LAYOUT.bottom),
    side: size('side').catch(DEFAULT_LAYOUT.side),
    bottomCollapsed: z.boolean().catch(false),
    sideCollapsed: z.boolean().catch(false),
  })
  .catch(DEFAULT_LAYOUT)
