// What the order desk checks a draft against, on a scripted exchange: the best bid and ask (the
// pair's ticker, the book where there is none), the fee rule of the pair and its currencies, and
// what it refuses before asking the exchange anything.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TerminalError } from '../../domain/errors'
import type { OrderDraft } from '../../domain/orders/orders'
import { BTC_USDT } from '../../domain/test/order-rules.test-util'
import type { Pair } from '../../domain/wire/wire'
import { codesOf, feeRule, scriptedDesk, ticker } from './test/order-desk-exchange.test-util'

const ETH_USDT: Pair = {
  name: 'ETH_USDT',
  currency1: 'ETH',
  currency2: 'USDT',
  price_precision: 2,
  amount_precision: 3,
  minimum_order_size: '0.01',
  maximum_order_size: '1000',
  minimum_order_value: '10',
  id: 2,
}
const BTC = { ...BTC_USDT, id: 1 }
// The pair's smallest size, worth 5 USDT at a bid of 5 000: under the pair's minimum value of 10.
const SMALL_SELL: OrderDraft = { pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'SELL', wallet_type: 'SPOT', base_amount: '0.001' }
// 5 000 USDT to spend: 1 BTC at an ask of 5 000, whose taker fee (0.2 %) is 0.002 BTC.
const QUOTE_BUY: OrderDraft = { pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '5000' }
const feeAtAsk = async (desk: ReturnType<typeof scriptedDesk>['desk']) => (await desk.validate(QUOTE_BUY)).estimate.fee
const BUY: OrderDraft = { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.1', limit_price: '50000' }
const fail = (kind: 'network' | 'unsupported') => () => {
  throw new TerminalError({ kind, code: kind.toUpperCase(), message: kind })
}

describe('the best bid and ask', () => {
  it("come from the draft's own pair among several tickers, whatever their case; a market order is checked at them", async () => {
    // At BTC's bid of 5 000, 0.001 BTC is worth 5: too little; at the other ticker's 20 000 it would do.
    const tickers = () => [ticker('ETH_USDT', '20000', '20010'), ticker('btc_usdt', '4999', '5000')]
    const { desk, reads } = scriptedDesk({ pairs: () => [BTC], tickers, feeInfo: () => [feeRule({})] })
    expect((await codesOf(desk.validate(SMALL_SELL))).errors).toEqual(['MIN_ORDER_VALUE'])
    expect(reads.tickerQueries).toEqual([{ pair: 'BTC_USDT' }]) // the draft's pair's ticker only
    expect((await codesOf(desk.validate({ ...SMALL_SELL, base_amount: '0.003' }))).errors).toEqual([])
    // a market buy by quote amount buys quote ÷ ask, and pays its fee on that
    expect(await feeAtAsk(desk)).toBe('0.0020')
  })

  it('come from the one ticker the exchange answers, whatever pair it names', async () => {
    const { desk } = scriptedDesk({ pairs: () => [BTC], tickers: () => [ticker('XBTUSDT', '4999', '5000')] })
    expect((await codesOf(desk.validate(SMALL_SELL))).errors).toEqual(['MIN_ORDER_VALUE'])
  })

  it('come from a one-sided book: the side it has is known', async () => {
    const bidsOnly = scriptedDesk({ pairs: () => [BTC], tickers: fail('unsupported'), book: () => ({ buy: [{ price: '5000', amount: '1' }], sell: [] }), feeInfo: () => [feeRule({})] })
    expect((await codesOf(bidsOnly.desk.validate(SMALL_SELL))).errors).toEqual(['MIN_ORDER_VALUE'])
    const asksOnly = scriptedDesk({ pairs: () => [BTC], tickers: fail('unsupported'), book: () => ({ buy: [], sell: [{ price: '5000', amount: '1' }] }), feeInfo: () => [feeRule({})] })
    expect(await feeAtAsk(asksOnly.desk)).toBe('0.0020')
  })

  it('are unknown when the tickers cannot be read: the minimum value is not checked, and said so', async () => {
    const { desk, reads } = scriptedDesk({ pairs: () => [BTC], tickers: fail('network'), book: () => ({ buy: [{ price: '5000', amount: '1' }], sell: [] }) })
    expect((await codesOf(desk.validate(SMALL_SELL))).warnings).toContain('MIN_VALUE_UNCHECKED')
    expect(reads.book).toBe(0) // a ticker that failed is not a server without tickers
  })

  it("come from the top of the book on a server without tickers or without this pair's, and are unknown when the book is empty", async () => {
    const book = { buy: [{ price: '5000', amount: '1' }], sell: [{ price: '5000', amount: '1' }] }
    for (const tickers of [fail('unsupported'), () => [ticker('ETH_USDT', '20000', '20010'), ticker('LTC_USDT', '3', '4')]]) {
      const withBook = scriptedDesk({ pairs: () => [BTC], tickers, book: () => book, feeInfo: () => [feeRule({})] })
      expect((await codesOf(withBook.desk.validate(SMALL_SELL))).errors).toEqual(['MIN_ORDER_VALUE'])
      expect(await feeAtAsk(withBook.desk)).toBe('0.0020')
    }
    const empty = scriptedDesk({ pairs: () => [BTC], tickers: fail('unsupported'), book: () => ({ buy: [], sell: [] }), feeInfo: () => [feeRule({})] })
    expect((await codesOf(empty.desk.validate(SMALL_SELL))).warnings).toContain('MIN_VALUE_UNCHECKED')
    expect(await feeAtAsk(empty.desk)).toBeNull()
  })
})

describe('the fee rule', () => {
  // The general rule charges a taker 0.2 %, the others 0.1 %: 0.0002 or 0.0001 BTC on a buy of 0.1 BTC (a buy pays in BTC).
  const general = feeRule({})
  const feeOf = async (script: Parameters<typeof scriptedDesk>[0]) => (await scriptedDesk(script).desk.validate(BUY)).estimate.fee

  it("is the pair's own rule where there is one, found by the pair's id", async () => {
    expect(await feeOf({ pairs: () => [BTC], feeInfo: () => [general] })).toBe('0.0002')
    expect(await feeOf({ pairs: () => [BTC], feeInfo: () => [general, feeRule({ pair: 1, priority: 2, taker_fee_rate: '0.001' })] })).toBe('0.0001')
    expect(await feeOf({ pairs: () => [BTC], feeInfo: () => [general, feeRule({ pair: 2, priority: 2, taker_fee_rate: '0.001' })] })).toBe('0.0002')
  })

  it("is a rule for one of the pair's currencies, found by the currency list's ids; not one for another currency", async () => {
    const currencies = () => [
      { short_name: 'BTC', sign: '₿', id: 5 },
      { short_name: 'ETH', sign: 'Ξ', id: 6 },
      { short_name: 'USDT', sign: '₮', id: 7 },
    ]
    const btcRule = feeRule({ currency: 5, priority: 2, taker_fee_rate: '0.001' })
    expect(await feeOf({ pairs: () => [BTC], currencies, feeInfo: () => [general, btcRule] })).toBe('0.0001')
    expect(await feeOf({ pairs: () => [BTC], currencies, feeInfo: () => [general, feeRule({ currency: 7, priority: 2, taker_fee_rate: '0.001' })] })).toBe('0.0001')
    expect(await feeOf({ pairs: () => [BTC], currencies, feeInfo: () => [general, feeRule({ currency: 6, priority: 2, taker_fee_rate: '0.001' })] })).toBe('0.0002')
    // without the currency list the currency rule cannot be told to apply
    expect(await feeOf({ pairs: () => [BTC], currencies: fail('network'), feeInfo: () => [general, btcRule] })).toBe('0.0002')
  })

  it('is none when the rules cannot be read: the order is checked without a fee', async () => {
    expect(await feeOf({ pairs: () => [BTC], feeInfo: fail('network') })).toBeNull()
  })
})

describe('the draft', () => {
  it("is checked against its own pair's rules, its name read without spaces or case", async () => {
    const { desk } = scriptedDesk({ pairs: () => [ETH_USDT, BTC] })
    // 0.1 BTC: fine for BTC_USDT (4 places), too fine for ETH_USDT's 3 places if the wrong rules were used
    expect((await codesOf(desk.validate({ ...BUY, pair: ' btc_usdt ', base_amount: '0.1234' }))).errors).toEqual([])
  })

  it('without a pair, or with a malformed number, is refused before any request, with an empty estimate', async () => {
    const { desk, reads } = scriptedDesk({ pairs: () => [BTC] })
    const { pair: _, ...noPair } = BUY
    expect(await desk.validate(noPair as OrderDraft)).toEqual({
      errors: [expect.objectContaining({ field: 'pair', code: 'MISSING_FIELD' })],
      warnings: [],
      estimate: { value: null, fee: null, feeCurrency: null },
    })
    expect(reads.pairs).toBe(0)
  })

  it('with several errors is refused with the first, and how many more, and nothing is sent', async () => {
    const { desk, placed } = scriptedDesk({ pairs: () => [BTC] })
    const error = await desk.place({ ...BUY, base_amount: '0.00001', limit_price: '50000.123' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ kind: 'validation', code: 'INVALID_ORDER', field: 'base_amount' })
    expect((error as Error).message).toMatch(/^The order was not sent: \S.* \(and 1 more\)$/)
    const one = (await desk.place({ ...BUY, base_amount: '0.00001' }).catch((e: unknown) => e)) as TerminalError
    expect(one.message).toBe(`The order was not sent: ${one.issues![0]!.message}`)
    expect(placed).toEqual([])
  })

  it('that is valid is placed once with a client order id of its own, generated when none was given', async () => {
    const { desk, placed } = scriptedDesk({ pairs: () => [BTC] })
    const a = await desk.place(BUY)
    const b = await desk.place(BUY)
    expect(placed).toHaveLength(2)
    expect(a).toMatchObject({ outcome: 'placed', clientOrderId: expect.stringMatching(/^tt-[0-9a-z]{16}$/) })
    expect(b.clientOrderId).not.toBe(a.clientOrderId)
    expect(placed.map((body) => body.client_order_id)).toEqual([a.clientOrderId, b.clientOrderId])
  })
})

describe('an order whose answer is lost', () => {
  afterEach(() => vi.useRealTimers())

  it("is looked up again after a second, then two, by the desk's own clock: an order that shows late is found", async () => {
    vi.useFakeTimers({ now: Date.parse('2024-05-01T12:00:00Z') })
    const sentAt = Date.now()
    const late = { id: 77, pair: 'BTC_USDT', amount: '0.1', price: '50000', side: 'BID', status: 'OPEN', type: 'LIMIT', date: '2024-05-01T12:00:00Z' }
    const { desk } = scriptedDesk(
      {
        pairs: () => [BTC],
        placeOrder: () => {
          throw new TerminalError({ kind: 'outcome-unknown', code: 'OUTCOME_UNKNOWN', message: 'No answer.' })
        },
        recentOrders: () => (Date.now() - sentAt >= 1_000 ? [late] : []),
      },
      { now: Date.now },
    )
    const result = desk.place(BUY)
    await vi.advanceTimersByTimeAsync(3_000)
    expect(await result).toMatchObject({ outcome: 'unknown', lookup: 'probably-placed', orderIds: [77] })
  })
})
