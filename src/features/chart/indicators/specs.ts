// The indicators the chart offers: what each is called, its parameters and their bounds, where it is
// drawn (on the price pane or in a pane of its own) and the lines it draws. Values are computed by
// trading-signals (engine.ts); this file only describes them.

// The ids live in domain: the core validates the saved indicators against them.
import { INDICATOR_IDS, type IndicatorId } from '@domain/prefs/chart-prefs'
export { INDICATOR_IDS, type IndicatorId }

export interface ParamSpec {
  key: string
  label: string
  min: number
  max: number
  step: number
  default: number
}

export interface IndicatorSpec {
  id: IndicatorId
  name: string
  /** 'price': over the candles; 'volume': over the volume bars; 'own': a sub-pane of its own. */
  pane: 'price' | 'volume' | 'own'
  params: readonly ParamSpec[]
  /** The lines it draws, in order. */
  lines: readonly string[]
  color: string
}

const period = (value: number, max = 500): ParamSpec => ({ key: 'period', label: 'Period', min: 1, max, step: 1, default: value })

export const INDICATOR_SPECS: Readonly<Record<IndicatorId, IndicatorSpec>> = {
  SMA: { id: 'SMA', name: 'Simple moving average', pane: 'price', params: [period(20)], lines: ['SMA'], color: '#f5c542' },
  EMA: { id: 'EMA', name: 'Exponential moving average', pane: 'price', params: [period(50)], lines: ['EMA'], color: '#4aa8ff' },
  BB: {
    id: 'BB',
    name: 'Bollinger Bands',
    pane: 'price',
    params: [period(20), { key: 'deviation', label: 'Std. deviations', min: 0.1, max: 10, step: 0.1, default: 2 }],
    lines: ['upper', 'middle', 'lower'],
    color: '#b37feb',
  },
  VWAP: { id: 'VWAP', name: 'VWAP (resets each UTC day)', pane: 'price', params: [], lines: ['VWAP'], color: '#ff9f43' },
  RSI: { id: 'RSI', name: 'Relative strength index', pane: 'own', params: [period(14, 200)], lines: ['RSI'], color: '#e056fd' },
  MACD: {
    id: 'MACD',
    name: 'MACD',
    pane: 'own',
    params: [
      { key: 'fast', label: 'Fast', min: 1, max: 200, step: 1, default: 12 },
      { key: 'slow', label: 'Slow', min: 2, max: 400, step: 1, default: 26 },
      { key: 'signal', label: 'Signal', min: 1, max: 200, step: 1, default: 9 },
    ],
    lines: ['macd', 'signal', 'histogram'],
    color: '#22a6b3',
  },
  VOLMA: { id: 'VOLMA', name: 'Volume moving average', pane: 'volume', params: [period(20)], lines: ['VOLMA'], color: '#95afc0' },
}

export type IndicatorParams = Record<string, number>

export interface IndicatorConfig {
  id: IndicatorId
  params: IndicatorParams
  color: string
}

export function isIndicatorId(value: unknown): value is IndicatorId {
  return typeof value === 'string' && (INDICATOR_IDS as readonly string[]).includes(value)
}

/** A config with every parameter present and within its bounds (bad or missing values → default). */
export function normaliseConfig(id: IndicatorId, params: Partial<IndicatorParams> = {}, color?: string): IndicatorConfig {
  const spec = INDICATOR_SPECS[id]
  const out: IndicatorParams = {}
  for (const p of spec.params) {
    const given = params[p.key]
    const valid = typeof given === 'number' && Number.isFinite(given) && given >= p.min && given <= p.max
    out[p.key] = valid ? (p.step >= 1 ? Math.round(given) : given) : p.default
  }
  if (id === 'MACD' && out.fast! >= out.slow!) out.slow = Math.min(INDICATOR_SPECS.MACD.params[1]!.max, out.fast! + 1)
  return { id, params: out, color: color && /^#[0-9a-f]{6}$/i.test(color) ? color : spec.color }
}

/** "SMA 20", "BB 20 2", "MACD 12 26 9": the legend's name of a configured indicator. */
export function indicatorLabel(config: IndicatorConfig): string {
  const values = INDICATOR_SPECS[config.id].params.map((p) => config.params[p.key])
  return [config.id, ...values].join(' ')
}
