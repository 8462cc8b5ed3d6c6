import { describe, expect, it } from 'vitest'
import { LocalBook } from './local-book'

const lv = (price: string, amount: string) => ({ price, amount })

describe('LocalBook', () => {
  it('applies absolute level totals on top of a snapshot, 0 removing a level, and sorts best first', () => {
    const book = new LocalBook()
    book.reset({ asks: [lv('101', '1'), lv('102', '2')], bids: [lv('99', '3'), lv('100', '1')] })
    expect(book.apply({ asks: [lv('101.0', '0.5'), lv('103', '7')], bids: [lv('100', '0')] })).toBeNull()
    expect(book.sides()).toEqual({ asks: [lv('101', '0.5'), lv('102', '2'), lv('103', '7')], bids: [lv('99', '3')] })
    expect(book.synced).toBe(true)
  })

  it('refuses a diff before any snapshot', () => {
    const book = new LocalBook()
    expect(book.apply({ asks: [lv('101', '1')], bids: [] })).toBe('a diff arrived before the snapshot')
    expect(book.synced).toBe(false)
  })

  it('doubts a crossed book and a removal of a level it never held (signs of a gap)', () => {
    const crossed = new LocalBook()
    crossed.reset({ asks: [lv('101', '1')], bids: [lv('100', '1')] })
    expect(crossed.apply({ asks: [], bids: [lv('101.5', '1')] })).toMatch(/crossed \(bid 101.5 ≥ ask 101\)/)
    expect(crossed.synced).toBe(false)

    const gap = new LocalBook()
    gap.reset({ asks: [lv('101', '1')], bids: [lv('100', '1')] })
    expect(gap.apply({ asks: [lv('105', '0')], bids: [] })).toMatch(/removed the level 105/)
    expect(gap.synced).toBe(false)
  })

  it('compares its top levels with another book by value, not by spelling', () => {
    const book = new LocalBook()
    book.reset({ asks: [lv('101.10', '1.0'), lv('102', '2')], bids: [lv('100', '1')] })
    expect(book.matches({ asks: [lv('101.1', '1'), lv('102', '2'), lv('103', '9')], bids: [lv('100', '1'), lv('99', '4')] }, 1)).toBe(true)
    expect(book.matches({ asks: [lv('101.1', '1'), lv('102', '2')], bids: [lv('100', '1.5')] }, 5)).toBe(false)
  })
})
