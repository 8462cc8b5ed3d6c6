// The blotter and the panic button through the terminal, against the demo exchange: the master's key
// sees two sub-accounts; a profile holds the first sub-account's key, none holds the second's.
import { describe, expect, it } from 'vitest'
import type { TerminalCore } from '../../domain/api/api'
import { useTerminalHarness } from '../test/terminal-harness.test-util'

describe('every account’s open orders, and cancel all', () => {
  const h = useTerminalHarness()

  /** A limit buy far under the market: it rests until cancelled. */
  async function rest(core: TerminalCore): Promise<number> {
    const [ticker] = await core.call('market.ticker', { pair: 'BTC_USDT' })
    const price = (Math.floor(Number(ticker!.last) * 0.5 * 100) / 100).toFixed(2)
    const placed = await core.call('orders.place', { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.001', limit_price: price })
    expect(placed.outcome).toBe('placed')
    return placed.orderIds![0]!
  }

  it('lists each account’s orders with the profile that can cancel them; cancels them all, account by account', async () => {
    const core = await h.open()
    const [master, sub1, sub2] = h.demo.accounts
    const masterProfile = (await core.call('session.get', undefined)).profile!
    const subProfile = await core.call('profiles.create', { name: 'Sub one', baseUrl: h.demo.baseUrl, apiKey: sub1!.apiKey, apiSecret: sub1!.apiSecret })
    const mine = [await rest(core), await rest(core)]
    await core.call('profiles.activate', { id: subProfile.id })
    const theirs = await rest(core)
    await core.call('profiles.activate', { id: masterProfile.id })

    const blotter = await core.call('blotter.get', { scope: 'profile' })
    expect(blotter.accounts.map((a) => [a.id, a.profileName, a.open])).toEqual([
      [master!.id, masterProfile.name, expect.any(Number)],
      [sub1!.id, 'Sub one', expect.any(Number)],
      [sub2!.id, null, null],
    ])
    expect(blotter.accounts[2]!.problem).toContain('No profile holds this account’s own API key')
    const listed = (accountId: number) => blotter.orders.filter((o) => o.account.id === accountId).map((o) => o.order.id)
    expect(listed(master!.id)).toEqual(expect.arrayContaining(mine))
    expect(listed(sub1!.id)).toContain(theirs)

    // One order of the sub-account, cancelled from the master's window through the sub's own key.
    const one = await core.call('blotter.cancel', { profileId: subProfile.id, orderId: theirs })
    expect(one).toEqual({ kind: 'by-ids', results: { [theirs]: expect.stringMatching(/CANCEL/i) } })

    await rest(core)
    const outcomes = await core.call('orders.cancelAll', { scope: 'profile' })
    expect(outcomes.map((o) => [o.account.id, o.result])).toEqual([
      [master!.id, 'cancelled'],
      [sub1!.id, 'nothing'],
      [sub2!.id, 'no-key'],
    ])
    const after = await core.call('blotter.get', { scope: 'profile' })
    expect(after.orders).toEqual([])
  })

  it('one account only; an account the key does not see is refused with nothing cancelled', async () => {
    const core = await h.open()
    const [master] = h.demo.accounts
    await rest(core)
    const outcomes = await core.call('orders.cancelAll', { scope: 'account', accountId: master!.id })
    expect(outcomes.map((o) => o.result)).toEqual(['cancelled'])
    await expect(core.call('orders.cancelAll', { scope: 'account', accountId: 999_999 })).rejects.toMatchObject({ code: 'NO_SUCH_ACCOUNT' })
  })
})
