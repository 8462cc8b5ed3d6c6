// Answers in the real exchange's shapes, written by hand from the official client's field lists
// (official-models.test-util.ts): numbers as JSON floats the way Python writes them (1e-08,
// 0.30000000000000004, 12.0), datetimes as the client reads them (ISO with an offset, with
// microseconds, without a zone, with a space, Unix seconds), every optional key both present and
// absent. Fills name no side and no order, as the official AccountTrade has neither.
//
// The account's day (2024-01-31, UTC), BTC_USDT:
//   12:00:01 and 12:00:02.5  order 101, LIMIT buy 0.5 at 43000.1: fills A 0.2 at 43000.1 (fee 8.60002 USDT)
//                            and B 0.3 at 42999.9 (fee 12.90003 USDT)
//   12:05:00                 order 102, MARKET sell 0.25: fill C at 43100.5 (fee 10.775125 USDT)
//   12:10:00                 orders 103 (LIMIT buy at 43200) and 104 (LIMIT sell at 43000) both fill 0.1,
//                            and the wallet moves +0.1 and −0.1 BTC: fill E at 43100 fits both, so unplaced
//   12:20:00                 fill D, sell 0.05 at 43150 (fee 2.1575 USDT), of an order older than any
//                            read: only the wallet's −0.05 BTC places it
// By hand, FIFO: C sells lot A whole (cost 8608.62002) and 0.05 of lot B (12912.87003 × 0.05 / 0.3 =
// 2152.145005) for 10764.349875: +3.58485. D sells 0.05 more of lot B (2152.145005) for 2155.3425:
// +3.197495. Realised 6.782345 USDT; open 0.2 BTC at a cost of 8608.58002; one fill unplaced.

export const HAND_PNL = { pair: 'BTC_USDT', realised: '6.782345', openAmount: '0.2', openCost: '8608.58002', quoteFees: '34.432675', unplaced: 1 }

export const ORDERS_JSON = `[
 {"id": 106, "account_id": 7, "pair": "ETH_BTC", "amount": 1234.123456789012345678, "price": 0.30000000000000004, "side": "ASK", "status": "PARTIAL_CANCELLED",
  "type": "LIMIT", "wallet_type": "FUNDING", "amount_canceled": 1234.123456779012345678, "amount_filled": 1e-08, "date": "2024-01-31T12:30:00+00:00",
  "open_at": "2024-01-31T12:30:00+00:00", "tif": "FOK", "updated_at": "2024-01-31T12:30:01+00:00", "done_at": "2024-01-31T12:30:01+00:00"},
 {"id": 105, "account_id": 7, "pair": "BTC_USDT", "amount": 0.1, "price": 41000.0, "side": "BID", "status": "PENDING", "type": "STOP_LIMIT", "wallet_type": "SPOT",
  "amount_canceled": 0.0, "amount_filled": 0.0, "date": "2024-01-31 12:25:00", "open_at": "2024-01-31 12:25:00", "tif": "GTC", "updated_at": "2024-01-31 12:25:00",
  "expire_after": "2024-02-07T12:25:00Z", "stop_price": 41500.5},
 {"id": 104, "account_id": 7, "pair": "BTC_USDT", "amount": 0.1, "price": 43000.0, "side": "ASK", "status": "FILLED", "type": "LIMIT", "wallet_type": "SPOT",
  "amount_canceled": 0.0, "amount_filled": 0.1, "date": "2024-01-31T12:09:59+00:00", "open_at": "2024-01-31T12:09:59+00:00", "tif": "GTC",
  "updated_at": "2024-01-31T12:10:00+00:00", "done_at": "2024-01-31T12:10:00+00:00"},
 {"id": 103, "account_id": 7, "pair": "BTC_USDT", "amount": 0.1, "price": 43200.0, "side": "BID", "status": "FILLED", "type": "LIMIT", "wallet_type": "SPOT",
  "amount_canceled": 0.0, "amount_filled": 0.1, "date": "2024-01-31T12:09:59+00:00", "open_at": "2024-01-31T12:09:59+00:00", "tif": "GTC",
  "updated_at": "2024-01-31T12:10:00+00:00", "done_at": "2024-01-31T12:10:00+00:00"},
 {"id": 102, "account_id": 7, "pair": "BTC_USDT", "amount": 0.25, "price": 0.0, "side": "ASK", "status": "FILLED", "type": "MARKET", "wallet_type": "SPOT",
  "amount_canceled": 0.0, "amount_filled": 0.25, "date": 1706702700, "open_at": 1706702700, "tif": "IOC", "updated_at": 1706702700.0, "done_at": 1706702700},
 {"id": 101, "account_id": 7, "pair": "BTC_USDT", "amount": 0.5, "price": 43000.1, "side": "BID", "status": "FILLED", "type": "LIMIT", "wallet_type": "SPOT",
  "amount_canceled": 0.0, "amount_filled": 0.5, "date": "2024-01-31T12:00:00.000000+00:00", "open_at": "2024-01-31T12:00:00+00:00", "tif": "GTC",
  "updated_at": "2024-01-31T12:00:02.500000+00:00", "done_at": "2024-01-31T12:00:02.500000+00:00"}
]`

const fillJson = (amount: string, unfilled: string, price: string, date: string, fee: string, maker: boolean, type: string): string =>
  `{"account_id": 7, "pair": "BTC_USDT", "amount": ${amount}, "amount_unfilled": ${unfilled}, "price": ${price}, "currency": "BTC", "status": "FILLED", "date": ${date}, ` +
  `"fee_amount": ${fee}, "fee_currency": "USDT", "fee_rate": 0.001, "is_maker": ${maker}, "type": "${type}", "wallet_type": "SPOT"}`

/** Newest first, as the exchange lists them: D, E, C, B, A. */
export const FILLS_JSON = `[
 ${fillJson('0.05', '0.0', '43150.0', '"2024-01-31 12:20:00"', '2.1575', false, 'LIMIT')},
 ${fillJson('0.1', '0.0', '43100.0', '"2024-01-31T12:10:00Z"', '0.0431', true, 'LIMIT')},
 ${fillJson('0.25', '0.0', '43100.5', '1706702700', '10.775125', false, 'MARKET')},
 ${fillJson('0.3', '0.0', '42999.9', '"2024-01-31T12:00:02.500000+00:00"', '12.90003', false, 'LIMIT')},
 ${fillJson('0.2', '0.3', '43000.1', '"2024-01-31T12:00:01+00:00"', '8.60002', true, 'LIMIT')}
]`

/** The side found for each fill of FILLS_JSON, in its order (D, E, C, B, A). */
export const FILL_SIDES = [
  { side: 'SELL', from: 'wallet', orderId: null },
  { side: null, from: null, orderId: null },
  { side: 'SELL', from: 'order', orderId: 102 },
  { side: 'BUY', from: 'order', orderId: 101 },
  { side: 'BUY', from: 'order', orderId: 101 },
]

const motionJson = (id: number, delta: string, before: string, after: string, date: string): string =>
  `{"id": ${id}, "account_id": 7, "wallet_id": 3, "type": "TRADE", "balance": ${before}, "balance_delta": ${delta}, "balance_end": ${after}, ` +
  `"reserve": 0.0, "reserve_delta": 0.0, "reserve_end": 0.0, "currency": "BTC", "wallet_type": "SPOT", "date": ${date}}`

/** The BTC wallet's movements of the day, newest first. */
export const BTC_MOTIONS_JSON = `[
 ${motionJson(6, '-0.05', '0.5', '0.45', '"2024-01-31T12:20:00+00:00"')},
 ${motionJson(5, '-0.1', '0.6', '0.5', '1706703000')},
 ${motionJson(4, '0.1', '0.5', '0.6', '1706703000.0')},
 ${motionJson(3, '-0.25', '0.75', '0.5', '"2024-01-31T12:05:00"')},
 ${motionJson(2, '0.3', '0.45', '0.75', '"2024-01-31T12:00:02.500000+00:00"')},
 ${motionJson(1, '0.2', '0.25', '0.45', '"2024-01-31T12:00:01+00:00"')}
]`

export const BALANCES_JSON = `[
 {"balance": 0.45, "reserve": 0.0, "currency": "BTC", "wallet_type": "SPOT", "last_update_at": "2024-01-31T12:20:00+00:00", "account_id": 7},
 {"balance": 1234.123456789012345678, "reserve": 1e-08, "currency": "DAI", "wallet_type": "FUNDING", "last_update_at": "1706703600", "account_id": 8}
]`

export const TICKERS_JSON = `[
 {"pair": "BTC_USDT", "last": 43150.0, "vol": 12.5, "buy": 43149.9, "sell": 43150.1, "high": 43300.0, "low": 42800.0, "diff": -0.5, "timestamp": 1706703600.123},
 {"pair": "DOGE_USDT", "last": 0.08123, "vol": 1e-08, "buy": 0.0, "sell": 0.0, "high": 0.081, "low": 0.08, "diff": 0.0, "timestamp": 1706703600}
]`

export const TRADES_JSON = `[
 {"id": 9001, "account_id": 0, "pair": "BTC_USDT", "amount": 0.00012345, "price": 43150.0, "timestamp": 1706703600.5, "type": "buy"},
 {"id": 9000, "account_id": 12, "pair": "BTC_USDT", "amount": 1e-08, "price": 43149.99, "timestamp": 1706703599, "type": "sell"}
]`

export const ACCOUNTS_JSON = `[
 {"id": 7, "email": "trader@example.com", "name": "Main"},
 {"id": 8, "email": "desk@example.com", "name": "Desk", "parent_id": 7},
 {"id": 9, "email": "savings@example.com", "name": "Savings", "parent_id": null}
]`

/** Feed frames, one text each; amounts and prices as decimal strings, times as Unix seconds. */
export const FRAMES = {
  // a market buy by quote amount: no limit price ("0"), no stop ("" operator), nothing filled yet
  oMarket: '["o", 1706703600.25, 201, "BTC_USDT", "BID", "MARKET", "0.000000", "0", "0.000000", "0.000000", "0.000000", "0", null, null, "OPEN", "500.00", "SPOT", null, ""]',
  oLimit:
    '["o", 1706703601, 202, "BTC_USDT", "ASK", "STOP_LIMIT", "0.250000", "43000.10", "0.100000", "0.150000", "0.000000", "6450.015", "43000.10", 1706703601.5, "PARTIAL_FILLED", null, "FUNDING", "43100.00", "LTE"]',
  wSymbol: '["w", 1706703600.75, "BTC", "SPOT", "BTC", "0.450000000000000001", "0.1"]',
  wNoSymbol: '["w", 1706703600.75, "USDT", "FUNDING", null, "1234.123456789012345678", "0"]',
  t: '["t", 1706703600.5, 9001, "BTC_USDT", "0.00012345", "43150.00", "buy"]',
  tk: '["tk", 1706703600, ["BTC_USDT", "43150.00", "12.5", "539375.0", "-0.01", "43300.00", "42800.00", "43149.90", "43150.10"], ["DOGE_USDT", "0.08123", "0.00000001", "0", "0", "0.081", "0.08", "0", "0"]]',
  d: '["d", 1706703600.1, "BTC_USDT", [[["43150.10", "0"], ["43150.20", "1.234567"]], [["43149.90", "0.000001"]]]]',
  p: '["p", 1706703600.2, {"Symbol": "BTC_USDT", "Asks": [["43150.10", "0.5"]], "Bids": [["43149.90", "0.25"], ["43149.80", "1e-8"]], "TotalAsks": "0.5", "TotalBids": "0.25000001"}]',
}
