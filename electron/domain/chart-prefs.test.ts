import { describe, expect, it } from 'vitest'
import { methodInputs } from './api'

const set = methodInputs['prefs.set']

describe('prefs.set of the chart workspace', () => {
  it('accepts indicators per chart and a full layout', () => {
    const ok = set.safeParse({
      indicators: { 'BTC_USDT|15': [{ id: 'BB', params: { period: 20, deviation: 2 }, color: '#b37feb' }] },
      layout: { sidebar: 20, bottom: 30, side: 30, bottomCollapsed: true, sideCollapsed: false },
    })
    expect(ok.success).toBe(true)
  })

  it('refuses an unknown indicator, a bad colour, a bad chart key, too many and out-of-bounds sizes, saying what is wrong', () => {
    const one = (entry: unknown, key = 'BTC_USDT|15') => set.safeParse({ indicators: { [key]: [entry] } })
    expect(one({ id: 'FOO', params: {}, color: '#ffffff' }).success).toBe(false)
    const colour = one({ id: 'SMA', params: { period: 5 }, color: 'javascript:1' })
    expect(colour.success).toBe(false)
    expect(JSON.stringify(colour.error?.issues)).toContain('A colour looks like')
    expect(one({ id: 'SMA', params: { period: 5 }, color: '#ffffff' }, 'BTC_USDT|7').success).toBe(false)
    const many = Array.from({ length: 9 }, () => ({ id: 'SMA', params: { period: 5 }, color: '#ffffff' }))
    expect(set.safeParse({ indicators: { 'BTC_USDT|15': many } }).success).toBe(false)
    expect(set.safeParse({ layout: { sidebar: 20, bottom: 30, side: 80 } }).success).toBe(false)
    expect(set.safeParse({ layout: { sidebar: 20, bottom: 30, sideCollapsed: 'yes' } }).success).toBe(false)
  })
})
