// A click on the chart while it shows the disk's cached market puts no price in the order form, and
// an alert opened there is not given the cached last price (a stale candle is never traded on).
import { describe, expect, it } from 'vitest'
import { BTC_USDT } from '@/stores/test/market-fixtures.test-util'
import { chartPriceAction } from './chart-price-actions'

describe('a click on the cached chart', () => {
  it('puts nothing in the form, and an alert opened there is not given the cached last price', () => {
    const calls: string[] = []
    const form = { fillPrice: () => calls.push('fill'), focusPrice: () => calls.push('focus'), setType: () => calls.push('type'), orderType: 'MARKET' }
    const alerts = { openDialog: (_pair: string, _price: string, last: string | null) => calls.push(`alert ${String(last)}`) }
    const targets = { form, alerts, pair: BTC_USDT, pairName: 'BTC_USDT', last: '43000', stale: true }
    chartPriceAction(43000, undefined, false, targets)
    chartPriceAction(43000, { altKey: true }, false, targets)
    chartPriceAction(43000, { shiftKey: true }, false, targets)
    expect(calls).toEqual(['alert null'])
    chartPriceAction(43000, undefined, false, { ...targets, stale: false })
    expect(calls).toEqual(['alert null', 'fill'])
  })
})

describe('a click on a chart in a window of its own', () => {
  it("sends the price, rounded to the pair's tick, to the main window's form, and never to its own hidden one", () => {
    const calls: string[] = []
    const form = { fillPrice: () => calls.push('fill'), focusPrice: () => calls.push('focus'), setType: () => calls.push('type'), orderType: 'MARKET' }
    const alerts = { openDialog: () => calls.push('alert') }
    const targets = { form, alerts, pair: BTC_USDT, pairName: 'BTC_USDT', last: '43000', stale: false, elsewhere: (price: string) => calls.push(`main ${price}`) }
    chartPriceAction(43000.123456, undefined, false, targets)
    chartPriceAction(43000.5, { altKey: true }, false, targets)
    // cached data stays out of every form
    chartPriceAction(43000, undefined, false, { ...targets, stale: true })
    expect(calls).toEqual(['main 43000.12', 'main 43000.5'])
  })
})
