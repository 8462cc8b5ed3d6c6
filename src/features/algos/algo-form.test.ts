// The Algos tab's start form, read as typed: each field's error where the trader typed it (the same
// contract as algos.start and the CLI), the plan refused by the pair's rules named at its field, and
// the preview of what it sends — TWAP's slots, scaled's prices on the pair's grid, the iceberg's
// slices, the chase at the touch.
import { describe, expect, it } from 'vitest'
import { BTC_USDT } from '@domain/test/order-rules.test-util'
import { emptyAlgoFields, readAlgoForm, type AlgoFacts, type AlgoFields } from './algo-form'

const facts: AlgoFacts = { pair: BTC_USDT, bid: '50000', ask: '50010', now: 1_800_000_000_000 }
const read = (over: Partial<AlgoFields>, f = facts) => readAlgoForm({ ...emptyAlgoFields('BTC_USDT'), ...over }, f)

describe('the start form', () => {
  it('says under each field what is missing or wrong, and sends nothing', () => {
    const r = read({ kind: 'twap', amount: 'abc', slices: '0', duration: '10 minutes', randomize: '80' })
    expect(r.input).toBeNull()
    expect(r.errors).toEqual({
      amount: 'A positive decimal number, e.g. 0.5',
      slices: 'From 1 to 200',
      duration: 'A number and a unit: 30s, 10m or 2h',
      randomize: 'A percentage from 0 to 50',
    })
    expect(read({ kind: 'iceberg' }).errors).toEqual({ amount: 'Required', slice: 'Required', price: 'Required' })
    expect(read({ kind: 'chase', amount: '0.01' }, { ...facts, pair: null }).errors).toEqual({ pair: 'Choose a pair of this exchange' })
  })

  it('names the field the pair’s rules refuse', () => {
    // 0.002 in 4 slices: each 0.0005, under the pair's minimum of 0.001
    const r = read({ kind: 'twap', amount: '0.002', slices: '4', duration: '1m' })
    expect(r.input).toBeNull()
    expect(r.errors.slices).toMatch(/a slice of 0\.0005 BTC would be refused/)
    expect(read({ kind: 'iceberg', amount: '0.01', slice: '0.005', price: '50000.123' }).errors.slice).toMatch(/would be refused/)
    expect(read({ kind: 'chase', amount: '0.00001' }).errors.amount).toMatch(/decimals/)
  })

  it('a TWAP: the input as the CLI makes it, and each slot with its size', () => {
    const r = read({ kind: 'twap', amount: '0.01', slices: '4', duration: '2m', limitPrice: '50100', finish: 'market' })
    expect(r.input).toEqual({ kind: 'twap', pair: 'BTC_USDT', side: 'BUY', amount: '0.01', slices: 4, durationMs: 120_000, limitPrice: '50100', finish: 'market' })
    expect(r.preview).toEqual([
      '4 LIMIT orders over 2 min 00 s, each taking the ask, now 50010, never above 50100.',
      'Slice 1 at +0 s: 0.0025 BTC',
      'Slice 2 at +30 s: 0.0025 BTC',
      'Slice 3 at +1 min 00 s: 0.0025 BTC',
      'Slice 4 at +1 min 30 s: 0.0025 BTC',
      'At the end: the rest at market.',
    ])
    expect(read({ kind: 'twap', amount: '0.01', slices: '4', duration: '2m', randomize: '10' }).preview).toContain('Each slice’s size and time move by up to ±10 % (drawn when it starts).')
  })

  it('scaled: the prices on the pair’s grid, the last order taking the rounding’s rest', () => {
    const r = read({ kind: 'scaled', side: 'SELL', amount: '0.01', orders: '3', fromPrice: '50000', toPrice: '50001.005', distribution: 'even' })
    expect(r.preview).toEqual([
      '3 LIMIT orders resting at once (even), on the pair’s price grid:',
      'Order 1: 0.0033 BTC at 50000',
      'Order 2: 0.0033 BTC at 50000.51',
      'Order 3: 0.0034 BTC at 50001.01',
    ])
  })

  it('an iceberg’s slices and a chase at the touch', () => {
    expect(read({ kind: 'iceberg', amount: '0.005', slice: '0.002', price: '49900' }).preview[0]).toBe('3 LIMIT orders at 49900, one resting at a time: 0.002 BTC each, the last 0.001 BTC.')
    expect(read({ kind: 'chase', side: 'SELL', amount: '0.01', maxMoves: '3', maxDistance: '50' }).preview).toEqual([
      'One LIMIT of 0.01 BTC at the ask, now 50010.',
      'When the touch moves away it is cancelled and, once the cancel is confirmed, placed again at the new touch, up to 3 moves or 50 from the first touch.',
      'Then: the last order is left resting.',
    ])
  })
})
