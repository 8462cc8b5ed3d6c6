import { describe, expect, it } from 'vitest'
import type { EquitySeries } from '@domain/all-accounts'
import { equityLines, equityOption, equityText } from './equity'

const series = (accountId: number, points: [number, string, number?][]): EquitySeries => ({
  accountId,
  name: `acc`,
  exchange: 'https://x.example',
  quote: 'USDT',
  points: points.map(([t, value, unpriced]) => ({ t, value, ...(unpriced ? { unpriced } : {}) })),
  warning: null,
  rebuilt: null,
})

describe('the equity chart', () => {
  it('one line per account, and the total only at minutes every account has a point', () => {
    const lines = equityLines([
      series(1, [
        [60_000, '100'],
        [120_000, '110.5'],
      ]),
      series(2, [[120_000, '0.25', 1]]),
    ])
    expect(lines.map((l) => l.name)).toEqual(['All accounts', 'acc (#1)', 'acc (#2)'])
    expect(lines[0]!.points).toEqual([[120_000, '110.75']]) // 60 000: account 2 has none, so no total
    expect(lines.map((l) => l.partial)).toEqual([1, 0, 1])
  })

  it('a single account needs no total; no points: said in words', () => {
    expect(equityLines([series(1, [[60_000, '5']])]).map((l) => l.name)).toEqual(['acc (#1)'])
    expect(equityLines([series(1, [])])).toEqual([])
    expect(equityText([], 'USDT')).toContain('No equity recorded yet')
    expect(
      equityText(
        equityLines([
          series(1, [
            [60_000, '5'],
            [120_000, '6'],
          ]),
        ]),
        'USDT',
      ),
    ).toBe('acc (#1): 2 points, from 5 to 6 USDT')
  })

  it('draws time on x and the values on y, without motion when asked', () => {
    const option = equityOption(equityLines([series(1, [[60_000, '5']])]), '#fff', false)
    expect(option.animation).toBe(false)
    expect((option.series as { data: unknown }[])[0]!.data).toEqual([[60_000, 5]])
  })
})
