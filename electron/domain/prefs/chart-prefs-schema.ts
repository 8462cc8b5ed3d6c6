// The zod schemas of the chart workspace's saved preferences (chart-prefs.ts has the shapes): what
// prefs.set accepts and how a saved file is read. Only the core imports them.
import { z } from 'zod'
import { DEFAULT_LAYOUT, INDICATOR_IDS, LAYOUT_BOUNDS, MAX_INDICATOR_CHARTS, MAX_INDICATORS, type IndicatorPref } from './chart-prefs'

const param = z.number().min(0).max(10_000)

export const indicatorPrefSchema = z.strictObject({
  id: z.enum(INDICATOR_IDS),
  // The parameter names the indicators use (src/features/chart/indicators/specs.ts); their bounds are checked there.
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

/**
 * What prefs.set takes: one chart's list (an empty list forgets the chart). One chart per change, so
 * two windows editing two charts never overwrite each other's lists.
 */
export const indicatorPatchSchema = z.strictObject({
  chart: chartKeySchema,
  list: z.array(indicatorPrefSchema).max(MAX_INDICATORS),
})
export type IndicatorPatch = z.output<typeof indicatorPatchSchema>

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
