import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseInstant, parseIsoInstant } from './time'

describe('parseIsoInstant', () => {
  it.each([
    ['2024-06-15', Date.UTC(2024, 5, 15)],
    ['2024-06-15T12:30Z', Date.UTC(2024, 5, 15, 12, 30)],
    ['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
    ['2023-02-29T00:00:00Z', null],
    ['2024-06-15T24:00:00Z', null],
    ['2024-06-15T12:00:00-05:00', Date.UTC(2024, 5, 15, 17)],
    ['2024-06-15T12:00:00+0530', Date.UTC(2024, 5, 15, 6, 30)],
    ['2024-06-15T12:00:00+02', Date.UTC(2024, 5, 15, 10)],
    ['2024-06-15 12:00:00.123456', Date.UTC(2024, 5, 15, 12, 0, 0, 123)],
    ['not a date', null],
    ['', null],
  ])('%j → %j', (text, ms) => expect(parseIsoInstant(text)).toBe(ms))
})

describe('a timestamp without a zone is UTC, whatever zone the machine is in', () => {
  // Zones on both sides of UTC: reading the text as local time would be off by hours in each.
  const saved = process.env.TZ
  afterEach(() => {
    if (saved === undefined) delete process.env.TZ
    else process.env.TZ = saved
  })
  for (const zone of ['Asia/Tokyo', 'America/Los_Angeles', 'UTC']) {
    describe(zone, () => {
      beforeEach(() => {
        process.env.TZ = zone
      })
      it("reads the exchange's zone-less text as the same instant as its +00:00 form", () => {
        expect(parseInstant('2024-01-31T12:00:00')).toBe(Date.parse('2024-01-31T12:00:00+00:00'))
        expect(parseInstant('2024-01-31 12:00:00')).toBe(Date.UTC(2024, 0, 31, 12))
        expect(parseInstant('2024-01-31')).toBe(Date.UTC(2024, 0, 31))
      })
    })
  }
  it('runs in a zone where local reading would differ (the test above can fail)', () => {
    process.env.TZ = 'Asia/Tokyo'
    expect(new Date('2024-01-31T12:00:00').getTime()).not.toBe(Date.UTC(2024, 0, 31, 12))
  })
})

describe('parseInstant', () => {
  it('reads Unix seconds (fractional too) and milliseconds, as numbers or as digits', () => {
    expect(parseInstant(1_706_702_400)).toBe(1_706_702_400_000)
    expect(parseInstant(1_706_702_400.25)).toBe(1_706_702_400_250)
    expect(parseInstant(1_706_702_400_000)).toBe(1_706_702_400_000)
    expect(parseInstant('1706702400.5')).toBe(1_706_702_400_500)
  })
  it('passes a valid Date through', () => {
    expect(parseInstant(new Date(Date.UTC(2024, 0, 1)))).toBe(Date.UTC(2024, 0, 1))
  })
  it('gives null for what is not a time', () => {
    for (const bad of [null, undefined, '', 'yesterday', Number.NaN, -5, new Date(Number.NaN), '2024-13-01']) {
      expect(parseInstant(bad as string)).toBeNull()
    }
  })
})
