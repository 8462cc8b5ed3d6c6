// The session's volume at each price: every trade counted once by id, whatever order and however
// often the capped trades list brings it again; exact sums; bad figures skipped, not counted as 0.
import { describe, expect, it } from 'vitest'
import { VolumeAtPrice } from './volume-at-price'

const trade = (id: number, price: string, amount: string) => ({ id, price, amount })

describe('VolumeAtPrice', () => {
  it('sums exactly per price and counts a trade seen again once', () => {
    const v = new VolumeAtPrice()
    expect(v.add([trade(2, '100.10', '0.1'), trade(1, '100.1', '0.2')])).toBe(true)
    expect(v.add([trade(3, '99', '0.3'), trade(2, '100.10', '0.1'), trade(1, '100.1', '0.2')])).toBe(true)
    expect(v.add([trade(3, '99', '0.3')])).toBe(false)
    expect(Object.fromEntries(v.totals())).toEqual({ '100.1': '0.3', '99': '0.3' })
  })

  it('skips figures that are not numbers or not positive, and forgets all on clear', () => {
    const v = new VolumeAtPrice()
    v.add([trade(1, 'x', '1'), trade(2, '10', '-1'), trade(3, '10', '0'), trade(4, '10', '0.5')])
    expect(Object.fromEntries(v.totals())).toEqual({ '10': '0.5' })
    v.clear()
    expect(v.totals().size).toBe(0)
    v.add([trade(4, '10', '0.5')])
    expect(Object.fromEntries(v.totals())).toEqual({ '10': '0.5' })
  })
})
