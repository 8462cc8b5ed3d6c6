// The bench against a saved run: a row more than 20 % worse is flagged, in the direction that is
// worse for it (slower or bigger; fewer a second), and rows only one run has are said as such.
import { describe, expect, it } from 'vitest'
import { comparisonTable, compareRuns } from './compare.mjs'

const row = (id: string, value: number, unit: string, budget: Record<string, number> | null = null) => ({ id, name: id, value, unit, budget })

describe('bench --compare', () => {
  it('flags a row more than 20 % worse, whichever way worse is for it', () => {
    const before = { metrics: [row('paint', 100, 'ms', { max: 200 }), row('fps', 60, 'fps', { min: 50 }), row('rps', 5000, 'req/s'), row('size', 600, 'KB', { max: 900 }), row('gone', 1, 'ms')] }
    const now = { metrics: [row('paint', 121, 'ms', { max: 200 }), row('fps', 49, 'fps', { min: 50 }), row('rps', 4300, 'req/s'), row('size', 700, 'KB', { max: 900 }), row('added', 3, 'ms')] }
    const rows = compareRuns(before, now)
    expect(rows.map((r) => [r.id, r.worse, r.note])).toEqual([
      ['paint', true, ''],
      ['fps', true, ''],
      ['rps', false, ''],
      ['size', false, ''],
      ['added', false, 'new row'],
      ['gone', false, 'not in this run'],
    ])
    expect(rows[0]!.ratio).toBeCloseTo(1.21)
    const text = comparisonTable(rows)
    expect(text).toContain('| paint | 100 | 121 | 1.21× | worse by more than 20 % |')
    expect(text.split('\n').at(-1)).toBe('2 row(s) more than 20 % worse: paint, fps')
  })

  it('a row one run could not measure is said, not judged', () => {
    const rows = compareRuns({ metrics: [row('paint', 100, 'ms')] }, { metrics: [{ ...row('paint', 0, 'ms'), value: null }] })
    expect(rows[0]).toMatchObject({ worse: false, note: 'not measured in one of the runs' })
  })
})
