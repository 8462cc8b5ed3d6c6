// @vitest-environment happy-dom
// What the window and the CSV exports show of answers in the real exchange's shapes
// (official-fixtures.test-util.ts): every decimal as the exchange wrote it, every fill's side with
// who found it, the unplaced fill said as such, and the P&L that was computed by hand.
import { describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { placeFills } from '@domain/account/fill-sides'
import { BTC_MOTIONS_JSON, FILLS_JSON, HAND_PNL, ORDERS_JSON } from '@domain/test/official-fixtures.test-util'
import { fillRecordsResponseSchema, orderRecordsResponseSchema, walletMotionsResponseSchema } from '@domain/wire/wire'
import { parseWireJson } from '@domain/wire/wire-json'
import { freshSession } from '@/stores/test/session-harness.test-util'
import { useHistoryStore } from '@/stores/account/history'
import FillsTable from '@/features/history/FillsTable.vue'
import { fillsCsv, ordersCsv } from './history-rows'

const orders = orderRecordsResponseSchema.parse(parseWireJson(ORDERS_JSON))
const placed = placeFills(fillRecordsResponseSchema.parse(parseWireJson(FILLS_JSON)), {
  orders,
  motions: walletMotionsResponseSchema.parse(parseWireJson(BTC_MOTIONS_JSON)),
})

describe('CSV exports of the official shapes', () => {
  it('fills: the side found and by whom, the order found, every digit and time', () => {
    expect(fillsCsv(placed).split('\r\n')).toEqual([
      'id,order_id,time_utc,pair,side,side_from,order_type,price,amount,fee_amount,fee_currency,fee_rate,role,wallet_type',
      ',,2024-01-31T12:20:00.000Z,BTC_USDT,SELL,wallet,LIMIT,43150,0.05,2.1575,USDT,0.001,taker,SPOT',
      ',,2024-01-31T12:10:00.000Z,BTC_USDT,,unplaced,LIMIT,43100,0.1,0.0431,USDT,0.001,maker,SPOT',
      ',102,2024-01-31T12:05:00.000Z,BTC_USDT,SELL,order,MARKET,43100.5,0.25,10.775125,USDT,0.001,taker,SPOT',
      ',101,2024-01-31T12:00:02.500Z,BTC_USDT,BUY,order,LIMIT,42999.9,0.3,12.90003,USDT,0.001,taker,SPOT',
      ',101,2024-01-31T12:00:01.000Z,BTC_USDT,BUY,order,LIMIT,43000.1,0.2,8.60002,USDT,0.001,maker,SPOT',
      '',
    ])
  })

  it('orders: 18 decimals and a float’s 17 digits kept, a market order with no price, Unix and zone-less times in UTC', () => {
    const rows = ordersCsv(orders).split('\r\n')
    expect(rows[1]).toBe('106,2024-01-31T12:30:00.000Z,ETH_BTC,SELL,LIMIT,PARTIAL_CANCELLED,0.30000000000000004,1234.123456789012345678,0.00000001,1234.123456779012345678,2024-01-31T12:30:01.000Z')
    expect(rows[2]).toBe('105,2024-01-31T12:25:00.000Z,BTC_USDT,BUY,STOP_LIMIT,PENDING,41000,0.1,0,0,')
    expect(rows[5]).toBe('102,2024-01-31T12:05:00.000Z,BTC_USDT,SELL,MARKET,FILLED,,0.25,0.25,0,2024-01-31T12:05:00.000Z')
  })
})

describe('the Fills tab over the official shapes', () => {
  it('shows the P&L computed by hand and says one fill is unplaced', async () => {
    const terminal = freshSession()
    terminal.handlers['account.orders'] = () => orders
    terminal.handlers['account.trades'] = ({ pair }) => placed.filter((f) => f.pair === pair)
    await useHistoryStore().load()
    const tab = mount(FillsTable)
    await flushPromises()
    expect(tab.find('[data-pair="BTC_USDT"] dd').text()).toBe(`+${HAND_PNL.realised} USDT`) // a gain says its sign, not only its colour
    expect(tab.find('[data-testid="pnl-unplaced"]').text()).toBe('1 fill is unplaced (side not known) and not counted.')
  })
})
