// The CSV of the history tabs: exact decimals as the exchange sent them, UTC ISO 8601 times, each
// fill's side with who named it (or "unplaced"), maker/taker in words.
import { describe, expect, it } from 'vitest'
import type { PlacedFill } from '@domain/account/fill-sides'
import type { OrderRecord } from '@domain/wire/wire'
import { fillsCsv, ordersCsv } from './history-rows'

const order: OrderRecord = {
  id: 12,
  pair: 'BTC_USDT',
  amount: '0.000123',
  price: '43000.10',
  side: 'ASK',
  status: 'FILLED',
  type: 'LIMIT',
  amount_filled: '0.000123',
  open_at: '2024-03-01T10:00:00+00:00',
  done_at: '2024-03-01T10:00:05.250Z',
} as OrderRecord
// As the real exchange sends it (no id, no order id, no side; `type` is the order's type), placed by its order.
const fill: PlacedFill = {
  account_id: 7,
  pair: 'BTC_USDT',
  amount: '0.000123',
  amount_unfilled: '0',
  price: '43000.10',
  currency: 'BTC',
  status: 'FILLED',
  type: 'LIMIT',
  date: '2024-03-01T12:00:01+02:00',
  fee_amount: '0.00529',
  fee_currency: 'USDT',
  fee_rate: '0.001',
  is_maker: true,
  wallet_type: 'SPOT',
  placement: { side: 'SELL', from: 'order', orderId: 12, note: 'Side of order #12' },
}

describe('history CSV', () => {
  it('writes an order with its exact decimals and UTC times', () => {
    expect(ordersCsv([order]).split('\r\n')).toEqual([
      'id,time_utc,pair,side,type,status,price,amount,amount_filled,amount_canceled,done_at_utc',
      '12,2024-03-01T10:00:00.000Z,BTC_USDT,SELL,LIMIT,FILLED,43000.10,0.000123,0.000123,,2024-03-01T10:00:05.250Z',
      '',
    ])
  })

  it('writes a fill with the side found, who found it, its order, its zone turned to UTC, and every field it came with', () => {
    const [header, row] = fillsCsv([fill]).split('\r\n')
    expect(header).toBe('id,order_id,time_utc,pair,side,side_from,order_type,price,amount,fee_amount,fee_currency,fee_rate,role,wallet_type')
    expect(row).toBe(',12,2024-03-01T10:00:01.000Z,BTC_USDT,SELL,order,LIMIT,43000.10,0.000123,0.00529,USDT,0.001,maker,SPOT')
  })

  it('writes an unplaced fill with an empty side and says so', () => {
    const unplaced: PlacedFill = { ...fill, placement: { side: null, from: null, orderId: null, note: 'Unplaced: both a buy and a sell could have made it' } }
    expect(fillsCsv([unplaced]).split('\r\n')[1]).toBe(',,2024-03-01T10:00:01.000Z,BTC_USDT,,unplaced,LIMIT,43000.10,0.000123,0.00529,USDT,0.001,maker,SPOT')
  })
})
