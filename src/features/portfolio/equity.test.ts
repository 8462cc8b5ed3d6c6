import { describe, expect, it } from 'vitest'
import type { EquitySeries } from '@domain/portfolio/all-accounts'
import { equityLines, equityOption, equityText } from './equity'

const series = (accountId: number, points: [number, string, number?, true?][]): EquitySeries => ({
  accountId,
  name: `acc`,
  exchange: 'https://x.example',
  quote: 'USDT',
  points: points.map(([t, value, unpriced, rebuilt]) => ({ t, value, ...(unpriced ? { unpriced } : {}), ...(rebuilt ? { rebuilt } : {}) })),
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

  it('points rebuilt from wallet activity: drawn dashed and lighter under a legend entry that says so, joined to the recorded line', () => {
    const lines = equityLines([
      series(1, [
        [0, '90', undefined, true],
        [60_000, '95', undefined, true],
        [120_000, '100'],
        [180_000, '101'],
      ]),
      series(2, [
        [60_000, '5', undefined, true],
        [120_000, '6'],
        [180_000, '7'],
      ]),
    ])
    expect(lines.map((l) => l.rebuilt)).toEqual([1, 2, 1]) // the total at 60 000 has a rebuilt part
    expect(lines[0]!.points).toEqual([
      [60_000, '100', true],
      [120_000, '106'],
      [180_000, '108'],
    ])
    const option = equityOption(lines, '#fff', false)
    const drawn = option.series as { name: string; color: string; lineStyle?: { type: string; opacity: number }; data: unknown }[]
    expect(drawn.map((s) => s.name)).toEqual([
      'All accounts · rebuilt from wallet activity',
      'All accounts',
      'acc (#1) · rebuilt from wallet activity',
      'acc (#1)',
      'acc (#2) · rebuilt from wallet activity',
      'acc (#2)',
    ])
    expect(drawn[2]).toMatchObject({
      lineStyle: { type: 'dashed', opacity: 0.6 },
      data: [
        [0, 90],
        [60_000, 95],
        [120_000, 100],
      ],
    })
    expect(drawn[3]).toMatchObject({
      data: [
        [120_000, 100],
        [180_000, 101],
      ],
    })
    expect(drawn[3]!.lineStyle).toBeUndefined()
    expect(drawn[2]!.color).toBe(drawn[3]!.color)
    expect(equityText(lines, 'USDT')).toContain('acc (#1): 4 points (the first 2 rebuilt from wallet activity, drawn dashed), from 90 to 101 USDT')
  })
})
