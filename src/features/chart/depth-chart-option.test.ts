import { describe, expect, it } from 'vitest'
import { depthChartOption, depthSeries } from './depth-chart-option'

describe('depth chart', () => {
  it('steps cumulative size outwards from the spread on both sides', () => {
    const s = depthSeries(
      [
        { price: '101', amount: '1' },
        { price: '102', amount: '2' },
      ],
      [
        { price: '99', amount: '1.5' },
        { price: '100', amount: '0.5' },
      ],
    )
    expect(s.asks).toEqual([
      [101, 1],
      [102, 3],
    ])
    // bids left to right: the lowest price carries the largest cumulative size
    expect(s.bids).toEqual([
      [99, 2],
      [100, 0.5],
    ])
  })

  it('draws two stepped area lines, no animation, labels in the pair precision', () => {
    const option = depthChartOption({ bids: [[99, 2]], asks: [[101, 1]] }, 2, 4, '#999') as {
      series: Array<{ type: string; step: string }>
      animation: boolean
      xAxis: { axisLabel: { formatter: (v: number) => string } }
    }
    expect(option.animation).toBe(false)
    expect(option.series.map((s) => [s.type, s.step])).toEqual([
      ['line', 'start'],
      ['line', 'end'],
    ])
    expect(option.xAxis.axisLabel.formatter(43000.5)).toBe('43,000.50')
  })
})
