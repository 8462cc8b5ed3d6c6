// portfolio.get through the terminal, against the demo exchange: the master's key sees its two
// sub-accounts; a second profile for a sub-account sees that account again.
import { describe, expect, it } from 'vitest'
import { Decimal } from '../../domain/decimal'
import { createExchangeClient } from '../exchange/client'
import { useTerminalHarness } from '../test/terminal-harness.test-util'

describe('portfolio.get', () => {
  const h = useTerminalHarness()

  it('values every account the active key sees, each row its balance × price, the totals their sums', async () => {
    const core = await h.open()
    const report = await core.call('portfolio.get', { quote: 'USDT', scope: 'profile' })
    expect(report.accounts.map((a) => a.id)).toEqual(h.demo.accounts.map((a) => a.id))
    expect(report.failed).toEqual([])
    // The balances the exchange reports, summed per account and currency, are the rows' balances.
    const master = h.demo.accounts[0]!
    const client = createExchangeClient({ baseUrl: h.demo.baseUrl, credentials: async () => ({ apiKey: master.apiKey, apiSecret: master.apiSecret }) })
    const balances = await client.balances()
    for (const account of report.accounts) {
      for (const row of account.rows) {
        const held = balances.filter((b) => b.account_id === account.id && b.currency === row.currency).reduce((sum, b) => sum.plus(b.balance), new Decimal(0))
        expect(row.balance, `${account.id} ${row.currency}`).toBe(held.toFixed())
        if (row.value !== null) expect(row.value).toBe(new Decimal(row.balance).times(row.price!).toFixed())
      }
      const sum = account.rows.reduce((s, r) => (r.value === null ? s : s.plus(r.value)), new Decimal(0))
      expect(account.value).toBe(sum.toFixed())
    }
    expect(report.total).toBe(report.accounts.reduce((s, a) => s.plus(a.value), new Decimal(0)).toFixed())
    expect(new Decimal(report.total).gt(0)).toBe(true)
  })

  it('over every profile: a sub-account with a profile of its own is counted once', async () => {
    const core = await h.open()
    const sub = h.demo.accounts[1]!
    await core.call('profiles.create', { name: 'Sub one', baseUrl: h.demo.baseUrl, apiKey: sub.apiKey, apiSecret: sub.apiSecret })
    const report = await core.call('portfolio.get', { quote: 'USDT', scope: 'all' })
    expect(report.accounts.map((a) => a.id)).toEqual(h.demo.accounts.map((a) => a.id))
    expect(report.failed).toEqual([])
  })

  it('with no active profile it says so', async () => {
    const core = await h.open(h.freshDir(), { demo: undefined })
    const session = await core.call('session.get', undefined)
    if (session.profile) await core.call('profiles.remove', { id: session.profile.id })
    await expect(core.call('portfolio.get', { quote: 'USDT', scope: 'profile' })).rejects.toMatchObject({ code: 'NO_PROFILE' })
  })
})
