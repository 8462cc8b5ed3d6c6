import { describe, expect, it } from 'vitest'
import { feedOptionsFromEnv } from './host-env'

describe('the test and bench knobs of the environment', () => {
  it('none set: nothing changed', () => {
    expect(feedOptionsFromEnv({})).toEqual({})
  })
  it('TERMINAL_FEED=off, TERMINAL_POLL_MS and TERMINAL_EQUITY_MS', () => {
    expect(feedOptionsFromEnv({ TERMINAL_FEED: 'off', TERMINAL_POLL_MS: '500', TERMINAL_EQUITY_MS: '2000' })).toEqual({
      feed: { enabled: false },
      rates: { tradesMs: 500, candlesMs: 500, tickerMs: 500, accountMs: 500, bookMs: 500 },
      equityEveryMs: 2000,
    })
  })
  it('a value out of range stops the start with words naming the knob', () => {
    expect(() => feedOptionsFromEnv({ TERMINAL_EQUITY_MS: '10' })).toThrow('TERMINAL_EQUITY_MS must be a whole number of milliseconds from 1000 to 3600000, not "10".')
    expect(() => feedOptionsFromEnv({ TERMINAL_POLL_MS: 'soon' })).toThrow('TERMINAL_POLL_MS must be')
  })
})
