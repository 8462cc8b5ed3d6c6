// The order body the terminal sends: canonical decimals, aliases written as the exchange's own names,
// only the fields the type uses, in a fixed order, refused whole when the draft is invalid; and the
// client order id that every order carries (the user's, trimmed, or a fresh one the rules accept).
import { describe, expect, it } from 'vitest'
import { TerminalError } from '../errors'
import { buildOrderBody, clientOrderIdFor, newClientOrderId } from './order-rules'
import { BTC_USDT, CTX, LIMIT_BUY, LIMIT_SELL, MARKET_BUY, MARKET_SELL, STOP_BUY } from '../test/order-rules.test-util'

describe('buildOrderBody', () => {
  it('writes a LIMIT body with canonical decimals and normalised aliases', () => {
    const body = buildOrderBody(
      { ...LIMIT_BUY, pair: 'btc_usdt', order_type: ' limit', order_side: 'bid', wallet_type: 'margin_cross', base_amount: '0.10', limit_price: '50000.00', quote_amount: '5', stop_price: '1' },
      CTX,
      'tt-abc',
    )
    expect(JSON.stringify(body)).toBe('{"pair":"BTC_USDT","order_type":"LIMIT","order_side":"BUY","wallet_type":"CROSS_MARGIN","base_amount":"0.1","limit_price":"50000","client_order_id":"tt-abc"}')
  })
  it('writes a STOP_LIMIT body with every field in the fixed order', () => {
    const body = buildOrderBody({ ...STOP_BUY, order_side: 'ASK', wallet_type: 'FUNDING', stop_operator: 'gte', base_amount: '.5' }, { ...CTX, available: null }, 'x1')
    expect(JSON.stringify(body)).toBe(
      '{"pair":"BTC_USDT","order_type":"STOP_LIMIT","order_side":"SELL","wallet_type":"P2P","base_amount":"0.5","limit_price":"51100","stop_price":"51000","stop_operator":"GTE","client_order_id":"x1"}',
    )
  })
  it('writes a MARKET BUY body with the quote amount only', () => {
    const body = buildOrderBody({ ...MARKET_BUY, base_amount: '3', quote_amount: '100.50', limit_price: '9' }, CTX, 'tt-1')
    expect(JSON.stringify(body)).toBe('{"pair":"BTC_USDT","order_type":"MARKET","order_side":"BUY","wallet_type":"SPOT","quote_amount":"100.5","client_order_id":"tt-1"}')
  })
  it('writes a MARKET SELL body with the base amount only, never in exponent notation', () => {
    const body = buildOrderBody({ ...MARKET_SELL, base_amount: '0.0010000', wallet_type: 'MARGIN_ISOLATED', quote_amount: '1' }, { ...CTX, pair: { ...BTC_USDT, amount_precision: 8 } }, 'tt-2')
    expect(JSON.stringify(body)).toBe('{"pair":"BTC_USDT","order_type":"MARKET","order_side":"SELL","wallet_type":"ISOLATED_MARGIN","base_amount":"0.001","client_order_id":"tt-2"}')
    const tiny = buildOrderBody({ ...LIMIT_SELL, base_amount: '0.00000001' }, { ...CTX, pair: { ...BTC_USDT, amount_precision: 8, minimum_order_size: '0.00000001' } }, 'tt-3')
    expect(tiny.base_amount).toBe('0.00000001')
  })
  it('builds despite warnings', () => {
    expect(() => buildOrderBody({ ...LIMIT_BUY, base_amount: '1' }, CTX, 'tt-4')).not.toThrow()
  })
  it('refuses an invalid draft with a validation error carrying every field issue', () => {
    let thrown: unknown
    try {
      buildOrderBody({ ...LIMIT_BUY, base_amount: '0', limit_price: '' }, CTX, 'tt-5')
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(TerminalError)
    const error = thrown as TerminalError
    expect(error.kind).toBe('validation')
    expect(error.field).toBe('base_amount')
    expect(error.issues?.map((i) => [i.field, i.code])).toEqual([
      ['base_amount', 'INVALID_QUANTITY'],
      ['limit_price', 'MISSING_FIELD'],
    ])
    expect(error.message).toContain('and 1 more')
  })
  it('refuses a client order id the exchange could not take', () => {
    expect(() => buildOrderBody(LIMIT_BUY, CTX, '')).toThrow(TerminalError)
    expect(() => buildOrderBody(LIMIT_BUY, CTX, 'has space')).toThrow(/not valid/)
  })
})

describe('newClientOrderId', () => {
  it('is "tt-" and 16 base-36 characters drawn from the given source', () => {
    let i = 0
    const seq = (): number => [0, 0.5, 0.999999][i++ % 3]!
    expect(newClientOrderId(seq)).toBe('tt-0i' + 'z0iz0iz0iz0iz0'.slice(0, 14))
  })
  it('stays valid when the source misbehaves', () => {
    for (const r of [1, -1, Number.NaN, Infinity]) {
      const id = newClientOrderId(() => r)
      expect(id).toMatch(/^tt-[0-9a-z]{16}$/)
    }
  })
  it('makes ids the order rules accept, distinct in practice', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newClientOrderId(Math.random)))
    expect(ids.size).toBe(1000)
    for (const id of [...ids].slice(0, 20)) {
      expect(id.length).toBeLessThanOrEqual(32)
      expect(() => buildOrderBody(LIMIT_BUY, CTX, id)).not.toThrow()
    }
  })
})

describe('clientOrderIdFor', () => {
  it('keeps the id the user chose, trimmed, and makes one otherwise', () => {
    expect(clientOrderIdFor({ ...LIMIT_BUY, client_order_id: ' my-id ' }, () => 0)).toBe('my-id')
    expect(clientOrderIdFor({ ...LIMIT_BUY, client_order_id: '  ' }, () => 0)).toBe('tt-0000000000000000')
    expect(clientOrderIdFor(LIMIT_BUY, () => 0)).toBe('tt-0000000000000000')
    const draft = { ...LIMIT_BUY, client_order_id: ' my-id ' }
    expect(buildOrderBody(draft, CTX, clientOrderIdFor(draft, Math.random)).client_order_id).toBe('my-id')
  })
})
