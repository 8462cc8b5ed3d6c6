// The shapes of the chart workspace's saved preferences (indicators per pair and interval, the panel
// arrangement), shared by the core that keeps them and the renderer that edits them. A saved file is
// read tolerantly: a bad entry is dropped and a bad field falls back to its default, so one broken
// value never costs the trader the rest of their setup. The zod schemas that check them live in
// chart-prefs-schema.ts: the renderer imports this file for its constants, and zod is not part of
// the first screen's script.
import type { IndicatorPatch } from './chart-prefs-schema'

export type { IndicatorPatch } from './chart-prefs-schema'

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

export function chartKey(pair: string, interval: string): string {
  return `${pair}|${interval}`
}

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
