import { describe, expect, it } from 'vitest'
import { isoUtc, toCsv } from './csv'
import { historyWindows, serverTime } from './account/history-windows'

describe('CSV', () => {
  it('quotes what needs quoting and keeps exact decimals', () => {
    const csv = toCsv(
      ['pair', 'amount', 'note'],
      [
        ['BTC_USDT', '0.123456789012345678', 'a, "quoted" one'],
        ['ETH_USDT', '-1.5', null],
      ],
    )
    expect(csv).toBe('pair,amount,note\r\nBTC_USDT,0.123456789012345678,"a, ""quoted"" one"\r\nETH_USDT,-1.5,\r\n')
  })

  it('defuses spreadsheet formulas in text cells but not in numbers', () => {
    expect(toCsv(['x'], [['=HYPERLINK("http://evil")'], ['@SUM(A1)'], ['-2.5'], ['+1 call']])).toBe('x\r\n"\'=HYPERLINK(""http://evil"")"\r\n\'@SUM(A1)\r\n-2.5\r\n\'+1 call\r\n')
  })

  it('writes UTC ISO 8601', () => {
    expect(isoUtc(Date.UTC(2024, 0, 31, 12, 0, 0))).toBe('2024-01-31T12:00:00.000Z')
    expect(isoUtc(null)).toBe('')
  })
})

describe('history windows', () => {
  const day = 86_400_000
  it('cuts a long range into 30-day windows, newest first, covering it exactly', () => {
    const windows = historyWindows(0, 75 * day)
    expect(windows).toEqual([
      { startMs: 45 * day, endMs: 75 * day },
      { startMs: 15 * day, endMs: 45 * day },
      { startMs: 0, endMs: 15 * day },
    ])
  })
  it('a short or empty range', () => {
    expect(historyWindows(day, 2 * day)).toEqual([{ startMs: day, endMs: 2 * day }])
    expect(historyWindows(2 * day, day)).toEqual([])
  })
  it('sends times as the official client does', () => {
    expect(serverTime(Date.UTC(2024, 0, 31, 12, 0, 0, 250))).toBe('2024-01-31T12:00:00+00:00')
  })
})
