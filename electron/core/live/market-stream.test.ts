// The last candle built from streamed trades: what the chart's newest candle shows between two REST reads.
import { describe, expect, it } from 'vitest'
import type { Candle, Trade } from '../../domain/wire/wire'
import { candleAfter, tradeOf } from './market-stream'

const last: Candle = { time: 120, open: 10, high: 12, low: 9, close: 11, volume: 0.3 }
const trade = (timestamp: number, price: string, amount: string): Trade => ({ id: 1, pair: 'BTC_USDT', price, amount, timestamp, type: 'buy' })

describe('candleAfter', () => {
  it('moves the close, widens high/low and adds the volume exactly within the candle', () => {
    expect(candleAfter(last, trade(150.5, '13', '0.1'), 60)).toEqual({ time: 120, open: 10, high: 13, low: 9, close: 13, volume: 0.4 })
    expect(candleAfter(last, trade(179.9, '8.5', '0.2'), 60)).toMatchObject({ high: 12, low: 8.5, close: 8.5, volume: 0.5 })
  })

  it('opens a new candle for a trade in a later interval', () => {
    expect(candleAfter(last, trade(300, '14', '2'), 60)).toEqual({ time: 300, open: 14, high: 14, low: 14, close: 14, volume: 2 })
  })

  it('leaves older candles to the REST reconciliation, and needs a series to build on', () => {
    expect(candleAfter(last, trade(119, '14', '2'), 60)).toBeNull()
    expect(candleAfter(undefined, trade(300, '14', '2'), 60)).toBeNull()
  })
})

describe('tradeOf', () => {
  it('keeps the decimal strings and refuses an id REST could not have', () => {
    const event = { kind: 'trade' as const, time: 1700000000.25, id: '42', pair: 'BTC_USDT', amount: '0.00100000', price: '65000.10', direction: 'sell' }
    expect(tradeOf(event)).toEqual({ id: 42, pair: 'BTC_USDT', price: '65000.10', amount: '0.00100000', timestamp: 1700000000.25, type: 'sell' })
    expect(tradeOf({ ...event, id: 'abc' })).toBeNull()
  })
})
