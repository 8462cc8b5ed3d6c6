import { describe, expect, it } from 'vitest'
import { mergePortfolios, valuePortfolio } from './portfolio'
import { PRICE_PLACES, priceRoutes, routeText } from './price-routes'

const pair = (base: string, quote: string) => ({ name: `${base}_${quote}`, currency1: base, currency2: quote })
const PAIRS = [pair('BTC', 'USDT'), pair('ETH', 'BTC'), pair('XRP', 'EUR'), pair('LTC', 'USDT')]
const TICKERS = [
  { pair: 'BTC_USDT', last: '50000' },
  { pair: 'ETH_BTC', last: '0.05' },
  { pair: 'XRP_EUR', last: '0.5' },
  { pair: 'LTC_USDT', last: null }, // no trade yet: no price, not 0
]
const row = (account_id: number, currency: string, balance: string, reserve = '0') => ({ account_id, currency, balance, reserve })
const ACCOUNTS = [
  { id: 1, name: 'master' },
  { id: 2, name: 'sub' },
]
const BALANCES = [
  row(1, 'USDT', '1000', '100'),
  row(1, 'USDT', '500'), // a second wallet of the same currency: summed into one row
  row(1, 'BTC', '0.5'),
  row(1, 'ETH', '2'),
  row(1, 'XRP', '100'),
  row(2, 'BTC', '0.1'),
  row(2, 'LTC', '3'),
  row(2, 'EUR', '0'),
  row(3, 'BTC', '9'), // an account not asked for
]

describe('prices through routes', () => {
  it('a direct pair, a pair read backwards, and two pairs through an intermediate currency', () => {
    const routes = priceRoutes('USDT', PAIRS, TICKERS)
    expect(routes.get('USDT')).toEqual({ price: '1', path: ['USDT'], pairs: [] })
    expect(routes.get('BTC')).toEqual({ price: '50000', path: ['BTC', 'USDT'], pairs: ['BTC_USDT'] })
    // 0.05 BTC per ETH × 50000 USDT per BTC
    expect(routes.get('ETH')).toEqual({ price: '2500', path: ['ETH', 'BTC', 'USDT'], pairs: ['ETH_BTC', 'BTC_USDT'] })
    expect(routeText(routes.get('ETH')!)).toBe('ETH → BTC → USDT')
    expect(routes.has('XRP')).toBe(false) // XRP_EUR leads nowhere near USDT
    expect(routes.has('LTC')).toBe(false) // its only pair has no last price
    const inBtc = priceRoutes('BTC', PAIRS, TICKERS)
    expect(inBtc.get('USDT')).toEqual({ price: '0.00002', path: ['USDT', 'BTC'], pairs: ['BTC_USDT'] })
  })

  it('the route with fewer pairs wins, and a quotient that never ends is cut at a fixed number of places', () => {
    const routes = priceRoutes('X', [...PAIRS, pair('ETH', 'USDT'), pair('USDT', 'X')], [...TICKERS, { pair: 'ETH_USDT', last: '2600' }, { pair: 'USDT_X', last: '3' }])
    expect(priceRoutes('USDT', [...PAIRS, pair('ETH', 'USDT')], [...TICKERS, { pair: 'ETH_USDT', last: '2600' }]).get('ETH')?.price).toBe('2600')
    const x = priceRoutes('USDT', [pair('USDT', 'X')], [{ pair: 'USDT_X', last: '3' }]).get('X')!
    expect(x.price).toBe('0.' + '3'.repeat(PRICE_PLACES))
    expect(routes.get('ETH')?.path).toEqual(['ETH', 'USDT', 'X'])
  })

  it('no more than three pairs to a price', () => {
    const chain = [pair('A', 'B'), pair('B', 'C'), pair('C', 'D'), pair('D', 'E')]
    const last = chain.map((p) => ({ pair: p.name, last: '2' }))
    const routes = priceRoutes('E', chain, last)
    expect(routes.get('B')?.price).toBe('8')
    expect(routes.has('A')).toBe(false)
  })

  it('a price of 0 from a ticker is no price', () => {
    expect(priceRoutes('USDT', [pair('BTC', 'USDT')], [{ pair: 'BTC_USDT', last: '0' }]).has('BTC')).toBe(false)
  })
})

describe('the portfolio', () => {
  const portfolio = valuePortfolio({ quote: 'USDT', accounts: ACCOUNTS, balances: BALANCES, pairs: PAIRS, tickers: TICKERS })

  it('values each account in the quote currency, by hand: 1500 + 0.5×50000 + 2×2500 = 31500 and 0.1×50000 = 5000', () => {
    const [master, sub] = portfolio.accounts
    expect(master!.rows).toEqual([
      { currency: 'BTC', balance: '0.5', reserve: '0', available: '0.5', price: '50000', route: 'BTC → USDT', value: '25000' },
      { currency: 'ETH', balance: '2', reserve: '0', available: '2', price: '2500', route: 'ETH → BTC → USDT', value: '5000' },
      { currency: 'USDT', balance: '1500', reserve: '100', available: '1400', price: '1', route: 'USDT', value: '1500' },
      { currency: 'XRP', balance: '100', reserve: '0', available: '100', price: null, route: null, value: null },
    ])
    expect(master).toMatchObject({ id: 1, name: 'master', value: '31500', unpriced: 1 })
    expect(sub).toMatchObject({ id: 2, name: 'sub', value: '5000', unpriced: 1 })
    expect(portfolio.total).toBe('36500')
  })

  it('each account’s share of the total: 31500/36500 = 86.30 %, 5000/36500 = 13.70 %', () => {
    expect(portfolio.accounts.map((a) => a.share)).toEqual(['86.3', '13.7'])
  })

  it('a currency with no price is listed, counted and kept out of the totals, never valued at 0', () => {
    expect(portfolio.unpriced).toEqual([
      { accountId: 1, currency: 'XRP', balance: '100' },
      { accountId: 2, currency: 'LTC', balance: '3' },
    ])
    const lone = valuePortfolio({ quote: 'USDT', accounts: [{ id: 2, name: 'sub' }], balances: [row(2, 'LTC', '3')], pairs: PAIRS, tickers: TICKERS })
    expect(lone.total).toBe('0')
    expect(lone.accounts[0]).toMatchObject({ value: '0', share: null, unpriced: 1 })
    expect(lone.accounts[0]!.rows[0]).toMatchObject({ price: null, value: null })
  })

  it('an empty balance with no price is shown but not counted as unpriced', () => {
    const sub = portfolio.accounts[1]!
    expect(sub.rows.map((r) => r.currency)).toEqual(['BTC', 'EUR', 'LTC'])
    expect(portfolio.unpriced.some((u) => u.currency === 'EUR')).toBe(false)
  })

  it('rows of accounts not asked for stay out', () => {
    expect(portfolio.accounts.map((a) => a.id)).toEqual([1, 2]) // account 3's 9 BTC are in no total (36500 above)
  })

  it('in another quote: the same holdings in BTC, through the pair read backwards', () => {
    const inBtc = valuePortfolio({ quote: 'BTC', accounts: ACCOUNTS.slice(0, 1), balances: BALANCES, pairs: PAIRS, tickers: TICKERS })
    // 1500 × 0.00002 + 0.5 + 2 × 0.05 = 0.03 + 0.5 + 0.1
    expect(inBtc.total).toBe('0.63')
  })
})

describe('several exchanges', () => {
  it('each valued with its own tickers, one total, the shares of it, every account named with its exchange', () => {
    const a = valuePortfolio({ quote: 'USDT', accounts: ACCOUNTS, balances: BALANCES, pairs: PAIRS, tickers: TICKERS })
    // The same account id on another exchange, where bitcoin trades at 40000: 1 BTC = 40000, plus 1 DOGE with no price.
    const b = valuePortfolio({
      quote: 'USDT',
      accounts: [{ id: 1, name: 'elsewhere' }],
      balances: [row(1, 'BTC', '1'), row(1, 'DOGE', '1')],
      pairs: PAIRS,
      tickers: [{ pair: 'BTC_USDT', last: '40000' }],
    })
    const both = mergePortfolios('USDT', [
      { exchange: 'https://one.example', portfolio: a },
      { exchange: 'https://two.example', portfolio: b },
    ])
    expect(both.total).toBe('76500') // 36500 + 40000
    expect(both.accounts.map((x) => [x.exchange, x.id, x.value, x.share])).toEqual([
      ['https://one.example', 1, '31500', '41.18'], // 31500 / 76500 = 41.176…
      ['https://one.example', 2, '5000', '6.54'], // 6.535…
      ['https://two.example', 1, '40000', '52.29'], // 52.287…
    ])
    expect(both.unpriced.at(-1)).toEqual({ accountId: 1, currency: 'DOGE', balance: '1', exchange: 'https://two.example' })
  })
})
