import { describe, expect, it } from 'vitest'
import type { Portfolio } from '@domain/portfolio/portfolio'
import { allocationOption, allocationText, slicesOf } from './allocation'

const account = (id: number, name: string, value: string, share: string | null, exchange?: string): Portfolio['accounts'][number] => ({
  id,
  name,
  value,
  share,
  rows: [],
  unpriced: 0,
  ...(exchange ? { exchange } : {}),
})

describe('the allocation chart', () => {
  const portfolio: Portfolio = {
    quote: 'USDT',
    total: '36500',
    accounts: [account(2, 'sub', '5000', '13.7'), account(1, 'master', '31500', '86.3'), account(3, 'empty', '0', '0')],
    unpriced: [],
  }

  it('one slice per account worth something, largest first, with the exact shares the core computed', () => {
    expect(slicesOf(portfolio).map((s) => [s.name, s.share])).toEqual([
      ['master (#1)', '86.3'],
      ['sub (#2)', '13.7'],
    ])
  })

  it('says in words what the ring shows', () => {
    expect(allocationText(portfolio)).toBe('Allocation of 36,500 USDT: master (#1) 86.3 %, sub (#2) 13.7 %.')
    expect(allocationText({ ...portfolio, total: '0', accounts: [account(1, 'master', '0', null)] })).toBe('Nothing priced in USDT to allocate.')
  })

  it('names the exchange when the accounts span several', () => {
    const two = { ...portfolio, accounts: [account(1, 'a', '2', '50', 'https://one.example'), account(1, 'b', '2', '50', 'http://127.0.0.1:8080')] }
    expect(slicesOf(two).map((s) => s.name)).toEqual(['a (#1 on one.example)', 'b (#1 on 127.0.0.1:8080)'])
  })

  it('draws the slices in the legend’s colours, without motion when the trader asked for less', () => {
    const option = allocationOption(portfolio, false)
    expect(option.animation).toBe(false)
    expect(option.color).toEqual(slicesOf(portfolio).map((s) => s.color))
    const series = (option.series as { data: { name: string; value: number }[] }[])[0]!
    expect(series.data).toEqual([
      { name: 'master (#1)', value: 31500 },
      { name: 'sub (#2)', value: 5000 },
    ])
  })
})
