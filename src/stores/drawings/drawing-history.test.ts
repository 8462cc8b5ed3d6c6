import { describe, expect, it } from 'vitest'
import type { Drawing } from '@domain/drawings/drawings'
import { DrawingHistory, HISTORY_KEPT } from './drawing-history'

const line = (price: string): Drawing => ({ id: 'a', pair: 'BTC_USDT', color: '#fff', kind: 'hline', points: [{ time: Date.UTC(2026, 0, 1), price }] })

describe('drawing history', () => {
  it('undoes an add by deleting, a move by saving the old place, a delete by saving it again; redo the other way', () => {
    const h = new DrawingHistory()
    h.record({ before: null, after: line('100') })
    h.record({ before: line('100'), after: line('101') })
    h.record({ before: line('101'), after: null })
    expect(h.undo()).toEqual({ save: line('101') })
    expect(h.undo()).toEqual({ save: line('100') })
    expect(h.undo()).toMatchObject({ delete: 'a' })
    expect(h.undo()).toBeNull()
    expect(h.redo()).toEqual({ save: line('100') })
    expect(h.redo()).toEqual({ save: line('101') })
    expect(h.redo()).toMatchObject({ delete: 'a' })
    expect(h.canRedo).toBe(false)
  })

  it('a new change drops what could be redone; a refused step goes back', () => {
    const h = new DrawingHistory()
    h.record({ before: null, after: line('100') })
    h.undo()
    h.record({ before: null, after: line('5') })
    expect(h.canRedo).toBe(false)
    h.undo()
    h.restore('undo')
    expect(h.canUndo).toBe(true)
    expect(h.canRedo).toBe(false)
  })

  it('forgets a change the core refused', () => {
    const h = new DrawingHistory()
    const kept = { before: null, after: line('1') }
    const refused = { before: line('1'), after: line('2') }
    h.record(kept)
    h.record(refused)
    h.forget(refused)
    expect(h.undo()).toMatchObject({ delete: 'a' })
    expect(h.canUndo).toBe(false)
  })

  it(`keeps the last ${HISTORY_KEPT} changes`, () => {
    const h = new DrawingHistory()
    for (let i = 0; i < HISTORY_KEPT + 5; i++) h.record({ before: null, after: line(String(i + 1)) })
    let undone = 0
    while (h.undo()) undone++
    expect(undone).toBe(HISTORY_KEPT)
  })
})
