// limits.get / limits.set through the whole core against the demo exchange, and the window's orders
// held by them: orders.place and orders.move (the chart's) pass the same risk gate, so a refusal is
// RISK_LIMIT on the amount field and the demo counts no order POST.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { NO_LIMITS } from '../../domain/risk/risk-limits'
import { createDispatch } from '../../host/dispatch'
import { useTerminalHarness } from '../test/terminal-harness.test-util'

describe('terminal limits', () => {
  const h = useTerminalHarness(13)

  it('sets the selected account’s limits and shows the figures they are checked against; an order over them is not sent', async () => {
    const core = await h.open()
    const session = await core.call('session.get', undefined)
    expect(await core.call('limits.get', undefined)).toMatchObject({ accountId: session.accountId, limits: null, problem: null, figures: null })
    const view = await core.call('limits.set', { limits: { ...NO_LIMITS('USDT'), maxOrderValue: '10', maxOpenOrders: 50, dailyLoss: '100' } })
    expect(view).toMatchObject({ limits: { maxOrderValue: '10' }, problem: null, figures: { openOrders: { ok: true }, openValue: { ok: true }, realisedToday: { ok: true } } })

    const before = h.demo.stats().orderRequests
    const dispatch = createDispatch(core)
    const answer = await dispatch('orders.place', { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.001', limit_price: '20000' })
    expect(answer).toMatchObject({ ok: false, error: { kind: 'validation', code: 'RISK_LIMIT', field: 'base_amount' } })
    expect(JSON.stringify(answer)).toContain("This order is worth 20 USDT, over this account's limit of 10 USDT for one order")
    expect(h.demo.stats().orderRequests).toBe(before)
  })

  it('a damaged limits file is reported by limits.get and refuses entries', async () => {
    const core = await h.open()
    writeFileSync(join(h.dataDir, 'risk-limits.json'), '[')
    expect(await core.call('limits.get', undefined)).toMatchObject({ limits: null, problem: expect.stringContaining('damaged') })
    const before = h.demo.stats().orderRequests
    const answer = await createDispatch(core)('orders.place', { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.001', limit_price: '20000' })
    expect(answer).toMatchObject({ ok: false, error: { code: 'RISK_LIMIT' } })
    expect(h.demo.stats().orderRequests).toBe(before)
    // Saving again replaces it.
    expect(await core.call('limits.set', { limits: NO_LIMITS('USDT') })).toMatchObject({ problem: null })
  })

  it('sets a sub-account’s limits from the master’s window; they hold that account’s orders when its own profile trades', async () => {
    const core = await h.open(h.freshDir())
    const [master, sub1] = h.demo.accounts
    expect((await core.call('session.get', undefined)).accountId).toBe(master!.id)
    const view = await core.call('limits.set', { accountId: sub1!.id, limits: { ...NO_LIMITS('USDT'), maxOrderValue: '10' } })
    // The master's key cannot read the sub-account's orders or fills: its figures are unknown, said.
    expect(view).toMatchObject({ accountId: sub1!.id, limits: { maxOrderValue: '10' }, figures: { openOrders: { ok: false, reason: expect.stringContaining('own key') } } })
    expect(await core.call('limits.get', undefined)).toMatchObject({ accountId: master!.id, limits: null })
    expect(await core.call('limits.get', { accountId: sub1!.id })).toMatchObject({ accountId: sub1!.id, limits: { maxOrderValue: '10' } })
    await expect(core.call('limits.set', { accountId: 999_999, limits: NO_LIMITS('USDT') })).rejects.toMatchObject({ code: 'NO_SUCH_ACCOUNT' })

    // The sub-account's own profile trades: its order over the limit is refused, nothing sent.
    const sub = await core.call('profiles.create', { name: 'Sub one', baseUrl: h.demo.baseUrl, apiKey: sub1!.apiKey, apiSecret: sub1!.apiSecret })
    await core.call('profiles.activate', { id: sub.id })
    expect(await core.call('limits.get', undefined)).toMatchObject({ accountId: sub1!.id, figures: { openOrders: { ok: true } } })
    const before = h.demo.stats().orderRequests
    const answer = await createDispatch(core)('orders.place', { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.001', limit_price: '20000' })
    expect(answer).toMatchObject({ ok: false, error: { code: 'RISK_LIMIT', field: 'base_amount' } })
    expect(h.demo.stats().orderRequests).toBe(before)
  })
})
