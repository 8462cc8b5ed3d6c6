import { describe, expect, it } from 'vitest'
import { methodInputs } from '../api/api'
import { MAX_INDICATOR_CHARTS, applyIndicatorPatch, type IndicatorPref } from './chart-prefs'

const set = methodInputs['prefs.set']
const sma: IndicatorPref = { id: 'SMA', params: { period: 5 }, color: '#ffffff' }

describe('prefs.set of the chart workspace', () => {
  it("accepts one chart's indicators and a full layout", () => {
    const ok = set.safeParse({
      indicators: { chart: 'BTC_USDT|15', list: [{ id: 'BB', params: { period: 20, deviation: 2 }, color: '#b37feb' }] },
      layout: { sidebar: 20, bottom: 30, side: 30, bottomCollapsed: true, sideCollapsed: false },
    })
    expect(ok.success).toBe(true)
  })

  it('refuses an unknown indicator or parameter, a bad colour, a bad chart key, too many and out-of-bounds sizes, saying what is wrong', () => {
    const one = (entry: unknown, chart = 'BTC_USDT|15') => set.safeParse({ indicators: { chart, list: [entry] } })
    expect(one({ id: 'FOO', params: {}, color: '#ffffff' }).success).toBe(false)
    expect(one({ id: 'SMA', params: { __proto__: 1, period: 5 }, color: '#ffffff' }).success).toBe(true) // a literal __proto__ sets the prototype, not a key
    expect(one({ id: 'SMA', params: { constructor: 5 }, color: '#ffffff' }).success).toBe(false)
    expect(one({ id: 'SMA', params: { period: Number.POSITIVE_INFINITY }, color: '#ffffff' }).success).toBe(false)
    const colour = one({ ...sma, color: 'javascript:1' })
    expect(colour.success).toBe(false)
    expect(JSON.stringify(colour.error?.issues)).toContain('A colour looks like')
    const key = one(sma, 'BTC_USDT|7')
    expect(JSON.stringify(key.error?.issues)).toContain('A chart key looks like')
    expect(set.safeParse({ indicators: { chart: 'BTC_USDT|15', list: Array.from({ length: 9 }, () => sma) } }).success).toBe(false)
    expect(set.safeParse({ layout: { sidebar: 20, bottom: 30, side: 80 } }).success).toBe(false)
    expect(set.safeParse({ layout: { sidebar: 20, bottom: 30, sideCollapsed: 'yes' } }).success).toBe(false)
  })
})

describe('applyIndicatorPatch', () => {
  it("replaces one chart's list, forgets a chart given an empty list, and leaves the others alone", () => {
    const map = { 'BTC_USDT|15': [sma], 'ETH_USDT|60': [sma] }
    const rsi: IndicatorPref = { id: 'RSI', params: { period: 14 }, color: '#e056fd' }
    expect(applyIndicatorPatch(map, { chart: 'BTC_USDT|15', list: [rsi] })).toEqual({ 'ETH_USDT|60': [sma], 'BTC_USDT|15': [rsi] })
    expect(applyIndicatorPatch(map, { chart: 'ETH_USDT|60', list: [] })).toEqual({ 'BTC_USDT|15': [sma] })
    expect(map['BTC_USDT|15']).toEqual([sma])
  })

  it('keeps at most the cap of charts, forgetting the least recently set', () => {
    let map: Record<string, IndicatorPref[]> = {}
    for (let i = 0; i < MAX_INDICATOR_CHARTS + 5; i++) map = applyIndicatorPatch(map, { chart: `P${i}_USDT|15`, list: [sma] })
    const keys = Object.keys(map)
    expect(keys).toHaveLength(MAX_INDICATOR_CHARTS)
    expect(keys[0]).toBe('P5_USDT|15')
    expect(keys.at(-1)).toBe(`P${MAX_INDICATOR_CHARTS + 4}_USDT|15`)
  })
})
