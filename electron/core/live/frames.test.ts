import { describe, expect, it } from 'vitest'
import { parseFrame } from './frames'

describe('parseFrame', () => {
  it('reads each kind of the feed table (docs/exchange-api.md) into an event with decimal strings', () => {
    expect(parseFrame('1')).toEqual({ type: 'ping' })
    expect(parseFrame('["t",1700000000.5,42,"BTC_USDT","0.010000","65000.10","buy"]')).toEqual({
      type: 'event',
      event: { kind: 'trade', time: 1700000000.5, id: '42', pair: 'BTC_USDT', amount: '0.01', price: '65000.1', direction: 'buy' },
    })
    const tk = parseFrame('["tk",1,["ETH_BTC","0.049","10","0.5","-1.25","0.05","0.048",null,"0.0491"]]')
    expect(tk).toMatchObject({ type: 'event', event: { kind: 'ticker', tickers: [{ pair: 'ETH_BTC', change: '-1.25', bid: null, ask: '0.0491' }] } })
    expect(parseFrame('["d",1,"BTC_USDT",[[["101","0"]],[["100","2.5"]]]]')).toMatchObject({
      event: { kind: 'diff', pair: 'BTC_USDT', asks: [{ price: '101', amount: '0' }], bids: [{ price: '100', amount: '2.5' }] },
    })
    expect(parseFrame('["p",1,{"Symbol":"BTC_USDT","Asks":[["101","1"]],"Bids":[],"TotalAsks":"1","TotalBids":"0"}]')).toMatchObject({
      event: { kind: 'snapshot', pair: 'BTC_USDT', asks: [{ price: '101', amount: '1' }], bids: [] },
    })
    expect(parseFrame('["r",1,[["65000","BTC","USDT"]]]')).toMatchObject({ event: { kind: 'rates', rates: [{ rate: '65000', base: 'BTC', quote: 'USDT' }] } })
    expect(parseFrame('["w",1,"USDT","SPOT","USDT","100.5","20"]')).toMatchObject({ event: { kind: 'wallet', currency: 'USDT', balance: '100.5', reserve: '20' } })
  })

  it('is lenient where the facts are thin: JSON numbers, extra elements, unknown kinds, short arrays', () => {
    expect(parseFrame('["t",1,42,"BTC_USDT",0.01,65000.1,"sell","extra",7]')).toMatchObject({ event: { amount: '0.01', price: '65000.1' } })
    expect(parseFrame('["zz",1,2,3]')).toEqual({ type: 'ignored' })
    expect(parseFrame('["t",1]')).toEqual({ type: 'ignored' })
  })

  it('reports a malformed frame with a reason instead of throwing', () => {
    expect(parseFrame('["d",1.5,"BTC_USDT",[[["65000.00"')).toEqual({ type: 'malformed', reason: 'not JSON: ["d",1.5,"BTC_USDT",[[["65000.00"' })
    expect(parseFrame('{"a":1}')).toEqual({ type: 'malformed', reason: 'not a JSON array' })
    expect(parseFrame('["t",1,42,"BTC_USDT","lots","65000","buy"]')).toMatchObject({ type: 'malformed', reason: expect.stringMatching(/^t frame: \[4\] not a decimal number: lots/) })
    expect(parseFrame('["d",1,"BTC_USDT",[[["101"]],[]]]').type).toBe('malformed')
  })
})
