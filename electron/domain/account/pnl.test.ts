import { describe, expect, it } from 'vitest'
import { realisedPnl, type Fill } from './pnl'

let t = 0
const fill = (side: 'BUY' | 'SELL', amount: string, price: string, feeAmount = '0', feeCurrency = 'USDT', pair = 'BTC_USDT'): Fill => ({ pair, side, amount, price, feeAmount, feeCurrency, time: ++t })

describe('FIFO realised P&L', () => {
  it('matches sells with the oldest lots first', () => {
    const [p] = realisedPnl([fill('BUY', '1', '100'), fill('BUY', '1', '200'), fill('SELL', '1.5', '300')])
    // cost: 1 @ 100 + 0.5 @ 200 = 200; proceeds 450 → 250
    expect(p).toMatchObject({ realised: '250', openAmount: '0.5', openCost: '100', unmatchedSold: '0' })
  })

  it('includes quote fees on both sides', () => {
    const [p] = realisedPnl([fill('BUY', '2', '100', '0.4'), fill('SELL', '2', '110', '0.44')])
    // cost 200.4, proceeds 219.56 → 19.16
    expect(p).toMatchObject({ realised: '19.16', quoteFees: '0.84', openAmount: '0' })
  })

  it('a buy fee in base reduces what was bought and raises the unit cost', () => {
    const [p] = realisedPnl([fill('BUY', '1', '100', '0.01', 'BTC'), fill('SELL', '0.99', '120', '0.1188')])
    // received 0.99 for 100 → unit cost 101.0101…; sell 0.99 @ 120 = 118.8 − 0.1188 = 118.6812 → 18.6812
    expect(p).toMatchObject({ realised: '18.6812', baseFees: '0.01', quoteFees: '0.1188', openAmount: '0' })
  })

  it('a sell fee in base is base given away at its cost', () => {
    const [p] = realisedPnl([fill('BUY', '2', '100'), fill('SELL', '1', '150', '0.1', 'BTC')])
    // sell 1 @150 against cost 100 → 50; the 0.1 BTC fee costs 10 → 40; 0.9 left at 100
    expect(p).toMatchObject({ realised: '40', openAmount: '0.9', openCost: '90' })
  })

  it('partial fills of one order add up like one fill', () => {
    const split = realisedPnl([fill('BUY', '0.3', '100'), fill('BUY', '0.7', '100'), fill('SELL', '0.4', '110'), fill('SELL', '0.6', '110')])[0]
    const whole = realisedPnl([fill('BUY', '1', '100'), fill('SELL', '1', '110')])[0]
    expect(split!.realised).toBe(whole!.realised)
    expect(split!.realised).toBe('10')
  })

  it('never guesses: other-currency fees apart, sells without a known buy unmatched', () => {
    const [p] = realisedPnl([fill('SELL', '1', '100'), fill('BUY', '1', '90', '2', 'ALP'), fill('SELL', '1', '100')])
    expect(p).toMatchObject({ realised: '10', unmatchedSold: '1', otherFees: { ALP: '2' } })
  })

  it('keeps pairs apart and orders fills by time, not by input order', () => {
    const a = fill('BUY', '1', '10', '0', 'USDT', 'ETH_USDT')
    const b = fill('SELL', '1', '15', '0', 'USDT', 'ETH_USDT')
    const c = fill('BUY', '1', '100')
    const result = realisedPnl([b, c, a])
    expect(result.map((r) => [r.pair, r.realised])).toEqual([
      ['BTC_USDT', '0'],
      ['ETH_USDT', '5'],
    ])
  })
})
