// The portfolio the bench values (scripts/bench/portfolio.ts) and draws (this page): 5 accounts × 40
// currencies, in USDT through the tickers: 30 currencies with a USDT pair, 8 only through BTC, 2 with
// no route. `shift` changes every balance a little, so each round draws figures of its own.
export function valuationInput(shift = 0) {
  const currencies = Array.from({ length: 40 }, (_, i) => `C${String(i).padStart(2, '0')}`)
  const pairs = [{ name: 'BTC_USDT', currency1: 'BTC', currency2: 'USDT' }]
  const tickers = [{ pair: 'BTC_USDT', last: '57000.12' }]
  currencies.forEach((c, i) => {
    if (i >= 38) return // no route
    const quote = i < 30 ? 'USDT' : 'BTC'
    pairs.push({ name: `${c}_${quote}`, currency1: c, currency2: quote })
    tickers.push({ pair: `${c}_${quote}`, last: quote === 'USDT' ? `${(i + 1) * 1.37}` : `0.0000${i + 11}` })
  })
  const accounts = Array.from({ length: 5 }, (_, i) => ({ id: 100 + i, name: `account ${i}` }))
  const balances = accounts.flatMap((a) => currencies.map((currency, i) => ({ account_id: a.id, currency, balance: `${(i + 1) * 123.456789 + shift}`, reserve: `${i % 3}` })))
  return { quote: 'USDT', accounts, balances, pairs, tickers }
}
