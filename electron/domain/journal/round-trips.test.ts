// Round trips from fills, checked against figures worked by hand, and against the realised P&L of
// the same fills (one FIFO book serves both).
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Decimal } from '../decimal'
import { realisedPnl } from '../account/pnl'
import { roundTrips } from './round-trips'
import type { JournalFill } from './types'

let t = 0
const fill = (side: 'BUY' | 'SELL', amount: string, price: string, fee = '0', feeCurrency = 'USDT', extra: Partial<JournalFill> = {}): JournalFill => ({
  pair: 'BTC_USDT',
  side,
  amount,
  price,
  feeAmount: fee,
  feeCurrency,
  time: (t += 1000),
  wallet: 'SPOT',
  orderId: null,
  orderType: 'LIMIT',
  ...extra,
})

describe('round trips', () => {
  it('one trade, flat to flat, over two buys and one sell: averages, fees and net by hand', () => {
    const fills = [fill('BUY', '1', '100', '0.1'), fill('BUY', '1', '110', '0.11'), fill('SELL', '2', '120', '0.24')]
    const { trips, open } = roundTrips({ fills })
    // entry (100 + 110) ÷ 2 = 105; exit 120; fees 0.1 + 0.11 + 0.24 = 0.45
    // net = 2 × 120 − 0.24 − (100.1 + 110.11) = 239.76 − 210.21 = 29.55
    expect(trips).toHaveLength(1)
    expect(trips[0]).toMatchObject({ side: 'BUY', amount: '2', entry: '105', exit: '120', fees: '0.45', net: '29.55', incomplete: null })
    expect(trips[0]!.durationMs).toBe(fills[2]!.time - fills[0]!.time)
    expect(trips[0]!.id).toBe(`BTC_USDT|SPOT|${fills[0]!.time}`)
    expect(open).toBe(0)
    expect(trips[0]!.net).toBe(realisedPnl(fills)[0]!.realised)
  })

  it('cuts at every return to flat, sold in parts or whole; the trade still open is counted, not listed', () => {
    const fills = [fill('BUY', '1', '100'), fill('SELL', '0.4', '110'), fill('SELL', '0.6', '90'), fill('BUY', '2', '50'), fill('SELL', '2', '60'), fill('BUY', '1', '70')]
    const { trips, open } = roundTrips({ fills })
    // first: 0.4 × 10 − 0.6 × 10 = −2; second: 2 × 10 = 20
    expect(trips.map((x) => [x.net, x.exit, x.fills.length])).toEqual([
      ['-2', '98', 3], // exit (44 + 54) ÷ 1 = 98
      ['20', '60', 2],
    ])
    expect(open).toBe(1)
  })

  it('a buy fee in the coins bought: what was received is sold, and the fee counts in quote at its fill’s price', () => {
    const { trips } = roundTrips({ fills: [fill('BUY', '1', '100', '0.001', 'BTC'), fill('SELL', '0.999', '110', '0.10989')] })
    // received 0.999 for 100; sold 0.999 × 110 = 109.89 − 0.10989 = 109.78011 → net 9.78011
    // fees: 0.001 BTC × 100 = 0.1 + 0.10989 = 0.20989
    expect(trips[0]).toMatchObject({ amount: '1', net: '9.78011', fees: '0.20989', incomplete: null })
  })

  it('what is left below the pair’s minimum order size is flat; the dust is sold first by the next trade, as the P&L sells it', () => {
    const fills = [fill('BUY', '1', '100'), fill('SELL', '0.9995', '110'), fill('BUY', '1', '100'), fill('SELL', '1.0005', '100')]
    const { trips, open } = roundTrips({ fills, dust: { BTC_USDT: '0.001' } })
    // first: 0.9995 × 10 = 9.995 (0.0005 left, below the dust); second sells the dust (cost 0.05) and the new coin
    expect(trips.map((x) => x.net)).toEqual(['9.995', '0'])
    expect(open).toBe(0)
    expect(new Decimal(trips[0]!.net).add(trips[1]!.net).toFixed()).toBe(realisedPnl(fills)[0]!.realised)
    expect(roundTrips({ fills: fills.slice(0, 2) }).open).toBe(1) // without dust it is still open
  })

  it('dust that several trades leave adds up past the minimum, and each trade is still judged by what it left', () => {
    // each buys 1 and sells 0.9996: 0.0004 left each time, 0.0012 after three (above the 0.001 minimum)
    const fills = [1, 2, 3].flatMap(() => [fill('BUY', '1', '100'), fill('SELL', '0.9996', '100')])
    const { trips, open } = roundTrips({ fills, dust: { BTC_USDT: '0.001' } })
    expect(trips).toHaveLength(3)
    expect(open).toBe(0)
  })

  it('keeps wallets apart: the same pair in two wallets makes two trades', () => {
    const fills = [
      fill('BUY', '1', '100'),
      fill('BUY', '1', '100', '0', 'USDT', { wallet: 'CROSS_MARGIN' }),
      fill('SELL', '1', '105'),
      fill('SELL', '1', '95', '0', 'USDT', { wallet: 'CROSS_MARGIN' }),
    ]
    expect(roundTrips({ fills }).trips.map((x) => [x.wallet, x.net])).toEqual([
      ['SPOT', '5'],
      ['CROSS_MARGIN', '-5'],
    ])
  })

  it('marks a trade incomplete, with the reason, where its fills cannot all be read', () => {
    const flatSell = roundTrips({ fills: [fill('SELL', '1', '100')] }).trips[0]!
    expect(flatSell.incomplete).toMatch(/a sell with nothing bought before it/)
    const oversold = roundTrips({ fills: [fill('BUY', '1', '100'), fill('SELL', '1.5', '110')] }).trips[0]!
    expect(oversold.incomplete).toMatch(/0\.5 BTC sold with no earlier buy/)
    const a = fill('BUY', '1', '100')
    const b = fill('SELL', '1', '110')
    const gap = roundTrips({ fills: [a, b], unread: [{ pair: 'BTC_USDT', time: a.time + 1 }] }).trips[0]!
    expect(gap.incomplete).toMatch(/1 fill of BTC_USDT in its time with no known side/)
    const outside = roundTrips({
      fills: [a, b],
      unread: [
        { pair: 'BTC_USDT', time: b.time + 1 },
        { pair: 'ETH_USDT', time: a.time + 1 },
      ],
    }).trips[0]!
    expect(outside.incomplete).toBeNull()
    const foreignFee = roundTrips({ fills: [fill('BUY', '1', '100', '2', 'ALP'), fill('SELL', '1', '110')] }).trips[0]!
    expect(foreignFee.incomplete).toMatch(/a fee in ALP cannot be priced in USDT/)
  })

  it('over any sequence that ends flat, the trades’ net P&L adds up to the realised P&L of the same fills', () => {
    const step = fc.record({ buy: fc.integer({ min: 1, max: 50 }), price: fc.integer({ min: 1, max: 500 }), sellShare: fc.integer({ min: 0, max: 4 }), fee: fc.integer({ min: 0, max: 3 }) })
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
        const fills: JournalFill[] = []
        let held = new Decimal(0)
        for (const s of steps) {
          fills.push(fill('BUY', String(s.buy), String(s.price), String(s.fee)))
          held = held.add(s.buy)
          const sell = held.mul(s.sellShare).div(4)
          if (sell.gt(0)) fills.push(fill('SELL', sell.toFixed(), String(s.price + s.fee), String(s.fee)))
          held = held.sub(sell)
        }
        if (held.gt(0)) fills.push(fill('SELL', held.toFixed(), '250', '1'))
        const { trips, open } = roundTrips({ fills })
        const total = trips.reduce((sum, x) => sum.add(x.net), new Decimal(0))
        expect(open).toBe(0)
        expect(trips.every((x) => x.incomplete === null)).toBe(true)
        // a lot sold in part costs a share of its price (a division at 40 digits): equal to 20 places
        expect(total.toDecimalPlaces(20).toFixed()).toBe(new Decimal(realisedPnl(fills)[0]!.realised).toDecimalPlaces(20).toFixed())
      }),
      { numRuns: 200 },
    )
  })
})
