// The ladder's offered steps and its automatic step: the smallest offered step at which the book's
// near-touch levels land on neighbouring rows (≥ the median gap between adjacent levels).
import { describe, expect, it } from 'vitest'
import { autoStep, medianGap, stepChoices } from './auto-step'

const levels = (...prices: string[]) => prices.map((price) => ({ price, amount: '1' }))

describe('stepChoices', () => {
  it('offers the tick times 1, 2 and 5 by powers of ten, smallest first', () => {
    const steps = stepChoices(2)
    expect(steps.slice(0, 7)).toEqual(['0.01', '0.02', '0.05', '0.1', '0.2', '0.5', '1'])
    expect(steps.at(-1)).toBe('500')
    expect(stepChoices(0).slice(0, 4)).toEqual(['1', '2', '5', '10'])
    expect(stepChoices(5)[0]).toBe('0.00001')
  })
})

describe('autoStep', () => {
  it('takes the smallest step at least the median gap: levels ~17 apart on a 0.01 pair → 20', () => {
    const asks = levels('57819.49', '57836.12', '57853.80', '57870.01')
    const bids = levels('57802.49', '57785.00', '57768.33', '57751.90')
    expect(autoStep(asks, bids, 2)).toBe('20')
  })

  it('is the tick when the levels sit a tick apart', () => {
    expect(autoStep(levels('100.01', '100.02', '100.03'), levels('100.00', '99.99'), 2)).toBe('0.01')
  })

  it('a gap exactly on an offered step takes that step, not the next', () => {
    expect(autoStep(levels('10', '15', '20'), [], 2)).toBe('5')
  })

  it('a cheap pair gets a step of its own scale: DOGE at 0.13, levels 0.0003 apart → 0.0005', () => {
    expect(autoStep(levels('0.13010', '0.13040', '0.13070'), levels('0.12990', '0.12960'), 5)).toBe('0.0005')
  })

  it('a far outlier does not set the step: the median, not the mean', () => {
    expect(autoStep(levels('100.0', '100.1', '100.2', '100.3', '180.0'), [], 1)).toBe('0.1')
  })

  it('reads the levels in any order, from the touch', () => {
    expect(medianGap(levels('103', '101', '102'), [])?.toFixed()).toBe('1')
  })

  it('the largest offered step when the levels are even further apart', () => {
    expect(autoStep(levels('1000', '5000'), [], 2)).toBe('500')
  })

  it('nothing yet without two levels on a side', () => {
    expect(autoStep(levels('100'), levels('99'), 2)).toBeNull()
    expect(autoStep([], [], 2)).toBeNull()
  })
})
