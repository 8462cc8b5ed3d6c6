// POST /__admin/price: the market moves on request, through the book, so resting orders fill and
// stop-limits trigger as they would in a real market, and the last trade lands on the asked price.
import { afterEach, describe, expect, it } from 'vitest'
import { Decimal } from '../domain/decimal'
import type { DemoExchange } from './server'
import { Session, bookOf, raw, startTestExchange } from './test/test-kit.test-util'
import { expectIds, orderById } from './test/orders.test-util'

let exchange: DemoExchange | null = null
afterEach(async () => {
  await exchange?.close()
  exchange = null
})

async function start(): Promise<{ ex: DemoExchange; session: Session }> {
  exchange = await startTestExchange({ admin: true })
  return { ex: exchange, session: await Session.open(exchange) }
}

function drive(ex: DemoExchange, body: unknown, token = ex.adminToken!): Promise<Response> {
  const origin = ex.baseUrl.replace(/\/api\/v3$/, '')
  return fetch(`${origin}/__admin/price`, { method: 'POST', headers: { 'x-admin-token': token, 'content-type': 'application/json' }, body: JSON.stringify(body) })
}

/** The newest trade's price as exact text. */
async function lastPrice(ex: DemoExchange, pair = 'BTC_USDT'): Promise<Decimal> {
  const trades = (await raw(ex, 'GET', `/trades?pair=${pair}&limit=1`)).json as { price: number }[]
  return new Decimal(String(trades[0]!.price))
}

/** `last` moved by `percent`, at the pair's two price places. */
const moved = (last: Decimal, percent: string): string => last.times(new Decimal(100).plus(percent)).div(100).toFixed(2)

describe('POST /__admin/price', () => {
  it('fills a resting sell limit below the target, and the last trade is at the target', async () => {
    const { ex, session } = await start()
    const last = await lastPrice(ex)
    const askPrice = moved(last, '1')
    const id = expectIds((await session.order({ pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'SELL', wallet_type: 'SPOT', base_amount: '0.001', limit_price: askPrice })).json)
    expect((await orderById(session, id)).status).toBe('OPEN')

    const target = moved(last, '2')
    const res = await drive(ex, { pair: 'BTC_USDT', price: target })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { pair: string; price: string; trades: number }
    expect(body).toMatchObject({ pair: 'BTC_USDT', price: target })
    expect(body.trades).toBeGreaterThan(1) // the makers' asks, the trader's, and the last one at the target
    expect((await orderById(session, id)).status).toBe('FILLED')
    expect((await orderById(session, id)).price).toBe(Number(askPrice)) // at its own price, as a maker
    expect((await lastPrice(ex)).toFixed(2)).toBe(target)
    // nothing is left asking at or below the target
    const book = await bookOf(ex, 'BTC_USDT')
    expect(book.sell.every((l) => new Decimal(String(l.price)).gt(target))).toBe(true)
  })

  it('triggers a stop-limit sell when the price is driven down through its stop; its limit fills on the bids left', async () => {
    const { ex, session } = await start()
    const last = await lastPrice(ex)
    // a stop just under the market, inside the makers' ladder, with room to fill below it
    const stop = { pair: 'BTC_USDT', order_type: 'STOP_LIMIT', order_side: 'SELL', wallet_type: 'SPOT', base_amount: '0.001', stop_operator: 'LTE' }
    const filling = expectIds((await session.order({ ...stop, stop_price: moved(last, '-0.1'), limit_price: moved(last, '-1') })).json)
    // a stop whose limit sits below the target: triggered, and it fills too
    const deep = expectIds((await session.order({ ...stop, stop_price: moved(last, '-2'), limit_price: moved(last, '-4') })).json)
    // a stop the drive does not reach stays pending
    const untouched = expectIds((await session.order({ ...stop, stop_price: moved(last, '-5'), limit_price: moved(last, '-6') })).json)
    for (const id of [filling, deep, untouched]) expect((await orderById(session, id)).status).toBe('PENDING')

    const target = moved(last, '-3')
    expect((await drive(ex, { pair: 'BTC_USDT', price: target })).status).toBe(200)
    expect((await orderById(session, filling)).status).toBe('FILLED')
    expect((await orderById(session, deep)).status).not.toBe('PENDING')
    expect((await orderById(session, untouched)).status).toBe('PENDING')
    // a stop that fired may trade after the target's own trade; the drive goes on until the last is the target again
    expect((await lastPrice(ex)).toFixed(2)).toBe(target)
  })

  it('leaves the last trade exactly at the price, whichever way, and answers 0 trades when it is there already', async () => {
    const { ex } = await start()
    const last = await lastPrice(ex)
    for (const percent of ['0.05', '7', '-12', '-0.01']) {
      const target = moved(last, percent)
      const res = await drive(ex, { pair: 'BTC_USDT', price: Number(target) }) // a JSON number works as well
      expect(res.status, target).toBe(200)
      expect((await lastPrice(ex)).toFixed(2)).toBe(target)
    }
    const here = (await lastPrice(ex)).toFixed(2)
    expect(await (await drive(ex, { pair: 'BTC_USDT', price: here })).json()).toEqual({ pair: 'BTC_USDT', price: here, trades: 0, at: expect.any(Number) })
    // another pair with its own precision
    const ethTarget = (await lastPrice(ex, 'ETH_BTC')).times('1.01').toFixed(6)
    expect((await drive(ex, { pair: 'ETH_BTC', price: ethTarget })).status).toBe(200)
    expect((await lastPrice(ex, 'ETH_BTC')).toFixed(6)).toBe(ethTarget)
    expect((await drive(ex, { pair: 'ETH_BTC', price: `${ethTarget}1` })).status).toBe(400) // a seventh place
  })

  it('refuses bad inputs and changes nothing: unknown pair 404, a price that is not a positive decimal in the pair precision 400', async () => {
    const { ex } = await start()
    const before = (await lastPrice(ex)).toFixed(2)
    expect((await drive(ex, { pair: 'XYZ_USDT', price: '1' })).status).toBe(404)
    for (const price of ['0', '-1', '0.00', 'abc', '1e5', '', '65000.001', 0, -5, 1.005]) {
      const res = await drive(ex, { pair: 'BTC_USDT', price })
      expect(res.status, String(price)).toBe(400)
      expect(((await res.json()) as { code: string }).code).toBe('INVALID_PRICE')
    }
    for (const body of [{ pair: 'BTC_USDT' }, { price: '1' }, { pair: 'BTC_USDT', price: '1', extra: 1 }, [], 'x']) {
      expect((await drive(ex, body)).status, JSON.stringify(body)).toBe(400)
    }
    expect((await drive(ex, { pair: 'BTC_USDT', price: '1' }, 'f'.repeat(32))).status).toBe(401)
    const origin = ex.baseUrl.replace(/\/api\/v3$/, '')
    expect((await fetch(`${origin}/__admin/price`, { headers: { 'x-admin-token': ex.adminToken! } })).status).toBe(405)
    expect((await lastPrice(ex)).toFixed(2)).toBe(before)
  })
})
