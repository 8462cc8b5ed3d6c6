// The CSV of the history tabs: exact decimals as the exchange sent them, UTC ISO 8601 times, sides
// read from BID/ASK or buy/sell, maker/taker in words.
import { describe, expect, it } from 'vitest'
import type { FillRecord, OrderRecord } from '@domain/wire'
import { fillsCsv, ordersCsv, pnlFills } from './history-rows'

const order: OrderRecord = {
  id: 12, pair: 'BTC_USDT', amount: '0.000123', price: '43000.10', side: 'ASK', status: 'FILLED', type: 'LIMIT',
  amount_filled: '0.000123', open_at: '2024-03-01T10:00:00+00:00', done_at: '2024-03-01T10:00:05.250Z',
} as OrderRecord
const fill: FillRecord = {
  id: 5, order_id: 12, pair: 'BTC_USDT', amount: '0.000123', price: '43000.10', type: 'sell', date: '2024-03-01T12:00:01+02:00',
  fee_amount: '0.00529', fee_currency: 'USDT', is_maker: true,
} as FillRecord

describe('history CSV', () => {
  it('writes an order with its exact decimals and UTC times', () => {
    expect(ordersCsv([order]).split('\r\n')).toEqual([
      'id,time_utc,pair,side,type,status,price,amount,amount_filled,amount_canceled,done_at_utc',
      '12,2024-03-01T10:00:00.000Z,BTC_USDT,SELL,LIMIT,FILLED,43000.10,0.000123,0.000123,,2024-03-01T10:00:05.250Z',
      '',
    ])
  })

  it('writes a fill with its side from the type, its zone turned to UTC, and the maker role', () => {
    expect(fillsCsv([fill]).split('\r\n')[1]).toBe('5,12,2024-03-01T10:00:01.000Z,BTC_USDT,SELL,43000.10,0.000123,0.00529,USDT,maker')
  })

  it('leaves a fill out of the P&L when its side cannot be read, and counts it', () => {
    const { fills, unreadable } = pnlFills([fill, { ...fill, type: 'swap', side: undefined }])
    expect(fills).toEqual([{ pair: 'BTC_USDT', side: 'SELL', amount: '0.000123', price: '43000.10', feeAmount: '0.00529', feeCurrency: 'USDT', time: Date.UTC(2024, 2, 1, 10, 0, 1) }])
    expect(unreadable).toBe(1)
  })
})
