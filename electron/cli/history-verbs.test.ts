// The CLI's depth verbs against the demo exchange: book (grouped, cumulative, spread), history,
// fills and pnl of orders just placed, and the usage errors that send nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Decimal } from '../domain/decimal'
import { startDemoExchange, type DemoExchange } from '../demo-exchange/server'
import { EXIT, runCli } from './run'

let demo: DemoExchange
beforeAll(async () => {
  demo = await startDemoExchange({ port: 0, seed: 9, live: false, historyDays: 1 })
})
afterAll(async () => {
  await demo.close()
})

async function cli(argv: string[]): Promise<{ code: number; json: unknown; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const account = demo.accounts[0]!
  const code = await runCli([...argv, '--base-url', demo.baseUrl], {
    env: { TERMINAL_API_KEY: account.apiKey, TERMINAL_API_SECRET: account.apiSecret },
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    sleep: async () => {},
  })
  return { code, json: stdout ? JSON.parse(stdout) : undefined, stderr }
}

type Row = { price: string; amount: string; cumulative: string }

describe('depth verbs', () => {
  it('book: best first each side, cumulative sums, the spread; --group buckets the prices', async () => {
    const run = await cli(['book', '--pair', 'BTC_USDT', '--limit', '5'])
    expect(run.code).toBe(EXIT.ok)
    const book = run.json as { asks: Row[]; bids: Row[]; spread: { absolute: string } }
    expect(book.asks).toHaveLength(5)
    expect(Number(book.asks[0]!.price)).toBeLessThan(Number(book.asks[1]!.price))
    expect(Number(book.bids[0]!.price)).toBeGreaterThan(Number(book.bids[1]!.price))
    expect(Number(book.asks[1]!.cumulative)).toBeCloseTo(Number(book.asks[0]!.amount) + Number(book.asks[1]!.amount), 9)
    expect(Number(book.spread.absolute)).toBeCloseTo(Number(book.asks[0]!.price) - Number(book.bids[0]!.price), 6)
    const grouped = (await cli(['book', '--pair', 'BTC_USDT', '--limit', '3', '--group', '100'])).json as { asks: Row[]; bids: Row[] }
    for (const row of [...grouped.asks, ...grouped.bids]) expect(Number(row.price) % 100).toBe(0)
    expect(Number(grouped.asks[0]!.price)).toBeGreaterThanOrEqual(Number(book.asks[0]!.price))
  })

  it('history, fills and pnl list an order just filled, with its fee and the method', async () => {
    const buy = await cli(['place-order', '--pair', 'BTC_USDT', '--type', 'MARKET', '--side', 'BUY', '--quote-amount', '500'])
    expect(buy.code).toBe(EXIT.ok)
    const sell = await cli(['place-order', '--pair', 'BTC_USDT', '--type', 'MARKET', '--side', 'SELL', '--base-amount', '0.002'])
    expect(sell.code).toBe(EXIT.ok)
    const [buyId] = (buy.json as { orderIds: number[] }).orderIds
    const [sellId] = (sell.json as { orderIds: number[] }).orderIds

    const historyRun = await cli(['history', '--pair', 'BTC_USDT', '--status', 'FILLED'])
    expect(historyRun.stderr).toBe('')
    const history = historyRun.json as { id: number; status: string }[]
    expect(history.map((o) => o.id)).toEqual(expect.arrayContaining([buyId, sellId]))
    expect(history.every((o) => o.status === 'FILLED')).toBe(true)
    // the public docs' spelling of a status is read as the official client's
    expect((await cli(['history', '--pair', 'BTC_USDT', '--status', 'partial_canceled'])).code).toBe(EXIT.ok)
    const sells = (await cli(['history', '--pair', 'BTC_USDT', '--side', 'SELL'])).json as { id: number }[]
    expect(sells.map((o) => o.id)).toContain(sellId)
    expect(sells.map((o) => o.id)).not.toContain(buyId)

    // The demo's fills name no side and no order, as the real exchange's do: the CLI finds both.
    type Fill = { amount: string; price: string; fee_amount: string; fee_currency: string; is_maker: boolean; placement: { side: string | null; orderId: number | null } }
    const fills = (await cli(['fills', '--pair', 'BTC_USDT'])).json as Fill[]
    const ofBuy = fills.filter((f) => f.placement.orderId === buyId)
    const ofSell = fills.filter((f) => f.placement.orderId === sellId)
    expect(ofBuy.length + ofSell.length).toBe(fills.length)
    expect(ofBuy.every((f) => f.placement.side === 'BUY' && f.fee_currency === 'BTC' && f.is_maker === false)).toBe(true)
    expect(ofSell.every((f) => f.placement.side === 'SELL' && f.fee_currency === 'USDT')).toBe(true)
    expect(ofSell.reduce((sum, f) => sum.plus(f.amount), new Decimal(0)).toFixed()).toBe('0.002')

    // By hand: the buy's fills, oldest first, each received amount − BTC fee at amount × price; the
    // 0.002 sold takes the oldest of that first, and brings in amount × price − the USDT fee.
    let left = new Decimal('0.002')
    let cost = new Decimal(0)
    for (const f of [...ofBuy].reverse()) {
      const received = new Decimal(f.amount).minus(f.fee_amount)
      const take = Decimal.min(left, received)
      cost = cost.plus(new Decimal(f.amount).times(f.price).times(take).div(received))
      left = left.minus(take)
    }
    expect(left.toFixed()).toBe('0')
    const proceeds = ofSell.reduce((sum, f) => sum.plus(new Decimal(f.amount).times(f.price)).minus(f.fee_amount), new Decimal(0))
    const pnl = (await cli(['pnl', '--pair', 'BTC_USDT'])).json as { method: string; unplaced: number; pairs: { pair: string; quote: string; realised: string; fills: number }[] }
    expect(pnl.method).toMatch(/FIFO/)
    expect(pnl.unplaced).toBe(0)
    expect(pnl.pairs).toEqual([expect.objectContaining({ pair: 'BTC_USDT', quote: 'USDT', fills: fills.length, realised: proceeds.minus(cost).toFixed() })])
  })

  it('refuses bad filters before sending anything', async () => {
    for (const argv of [
      ['fills'],
      ['history', '--from', 'yesterday'],
      ['history', '--from', '2024-02-01T00:00:00Z', '--to', '2024-01-01T00:00:00Z'],
      ['history', '--status', 'DONE'],
      ['fills', '--pair', 'BTC_USDT', '--side', 'UP'],
      ['book', '--pair', 'BTC_USDT', '--group', '0'],
      ['pnl', '--pair', 'BTC_USDT', '--side', 'BUY'],
    ]) {
      const run = await cli(argv)
      expect(run.code, argv.join(' ')).toBe(EXIT.usage)
      expect(run.stderr.length).toBeGreaterThan(0)
    }
  })
})
