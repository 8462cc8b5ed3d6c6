import { describe, expect, it } from 'vitest'
import { readAmount, readPrice, readTime } from './drawing-fields'
import { formatDateTime } from '@/lib/format'

describe("the Drawings list's fields", () => {
  it("reads a price exactly, at the pair's places, above zero", () => {
    expect(readPrice(' 43000.50 ', 2)).toEqual({ ok: true, value: '43000.5' })
    expect(readPrice('0.1', 8)).toEqual({ ok: true, value: '0.1' })
    expect(readPrice('43000.123', 2)).toEqual({ ok: false, problem: 'The price has more than 2 decimals, which this pair does not quote' })
    expect(readPrice('0', 2)).toMatchObject({ ok: false, problem: 'The price must be above zero' })
    expect(readPrice('-5', 2)).toMatchObject({ ok: false })
    expect(readPrice('1e5', 2)).toMatchObject({ ok: false })
    expect(readPrice('1234567890123456789', 2)).toMatchObject({ ok: false, problem: expect.stringMatching(/18 digits/) })
  })

  it('reads an amount or none', () => {
    expect(readAmount('')).toEqual({ ok: true, value: undefined })
    expect(readAmount('0.50')).toEqual({ ok: true, value: '0.5' })
    expect(readAmount('-1')).toMatchObject({ ok: false })
  })

  it("reads a time in the window's zone, as formatDateTime shows it, and refuses one that does not exist", () => {
    const at = Date.UTC(2026, 0, 31, 14, 5, 7)
    expect(readTime(formatDateTime(at, 'utc'), 'utc')).toEqual({ ok: true, value: at })
    expect(readTime(formatDateTime(at, 'local'), 'local')).toEqual({ ok: true, value: at })
    expect(readTime('2026-01-31 14:05', 'utc')).toEqual({ ok: true, value: Date.UTC(2026, 0, 31, 14, 5) })
    expect(readTime('2026-02-30 10:00', 'utc')).toEqual({ ok: false, problem: 'There is no 2026-02-30 10:00 UTC' })
    expect(readTime('yesterday', 'utc')).toMatchObject({ ok: false })
  })
})
