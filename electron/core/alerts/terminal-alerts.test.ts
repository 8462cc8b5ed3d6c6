// The alerts' wiring in the core: every price and order status the core sees reaches the store, a
// fired alert is announced once as a session-tagged event, and only for the active profile. Then the
// whole path against the real demo exchange: an alert at the ask fires when a market buy lifts it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AccountSnapshot, EventPayloads } from '../../domain/api/api'
import { TerminalError } from '../../domain/errors'
import { createDispatch } from '../../host/dispatch'
import { createEventHub } from '../events'
import { createTerminalAlerts, fillWatch } from './terminal-alerts'
import { next, useTerminalHarness } from '../test/terminal-harness.test-util'
import { BTC_USDT } from '../../domain/test/order-rules.test-util'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

function wired(profileId = 'p1') {
  const dir = mkdtempSync(join(tmpdir(), 'alerts-wiring-'))
  dirs.push(dir)
  const hub = createEventHub()
  const session = { active: { id: profileId }, client: null, switchGeneration: 4, profileGeneration: 3, signal: new AbortController().signal }
  const pairs = async () => [BTC_USDT]
  const alerts = createTerminalAlerts({ session: session as never, hub, dataDir: dir, now: () => 1_000, pollMs: 60_000, pairs })
  const fired: EventPayloads['alerts.fired'][] = []
  hub.on('alerts.fired', (e) => fired.push(e))
  const tag = (id = profileId) => ({ profileId: id, profileGeneration: 3 })
  const ticker = (last: string, id?: string) => hub.emit('market.ticker', { session: tag(id), pair: 'BTC_USDT', ticker: { pair: 'BTC_USDT', last, buy: null, sell: null } })
  /** A batch of trades, given oldest first (the feed sends them newest first). */
  const trade = (...prices: string[]) =>
    hub.emit('market.trades', { session: tag(), pair: 'BTC_USDT', trades: prices.map((price, i) => ({ id: i, price, amount: '1', timestamp: i, pair: 'BTC_USDT', type: 'buy' })).reverse() })
  // Each fired alert is written to disk before it is announced; give the queue time to drain.
  const settle = () => new Promise((r) => setTimeout(r, 400))
  return { hub, alerts, fired, ticker, trade, settle, session }
}

describe('alert wiring', () => {
  it('a crossing alert fires once, on the first price past it, however often the market crosses back', async () => {
    const w = wired()
    // No ticker for arming (no client): the last price the feed showed is the reference.
    w.ticker('100')
    await w.settle()
    const alert = await w.alerts.handlers['alerts.create']({ kind: 'cross', pair: 'BTC_USDT', price: '100.5' })
    w.ticker('100.4')
    w.trade('100.3', '100.7', '100.1') // a spike through the level within one batch of trades
    w.ticker('100.2')
    w.ticker('100.9')
    await w.settle()
    expect(w.fired).toHaveLength(1)
    expect(w.fired[0]).toMatchObject({ session: { profileId: 'p1', profileGeneration: 3 }, alerts: [{ id: alert.id, status: 'fired', firedBy: '100.7' }] })
    expect((await w.alerts.handlers['alerts.list'](undefined)).map((a) => a.status)).toEqual(['fired'])
    w.alerts.dispose()
  })

  it('says when a profile’s alerts were set or cancelled, with the whole list for every window to take; a refused one says nothing', async () => {
    const w = wired()
    const changed: EventPayloads['alerts.changed'][] = []
    w.hub.on('alerts.changed', (e) => changed.push(e))
    const alert = await w.alerts.handlers['alerts.create']({ kind: 'above', pair: 'BTC_USDT', price: '101' })
    expect(changed).toEqual([{ profileId: 'p1', alerts: [alert] }])
    await expect(w.alerts.handlers['alerts.create']({ kind: 'above', pair: 'BTC_USDT', price: '-1' })).rejects.toThrow()
    expect(changed).toHaveLength(1)
    const cancelled = await w.alerts.handlers['alerts.cancel']({ id: alert.id })
    expect(cancelled.status).toBe('cancelled')
    expect(changed).toEqual([
      { profileId: 'p1', alerts: [alert] },
      { profileId: 'p1', alerts: [cancelled] },
    ])
    // a deleted drawing with no alert on it cancels none, and says nothing
    expect(await w.alerts.cancelFollowing('p1', 'no-such-drawing')).toEqual([])
    expect(changed).toHaveLength(2)
    w.alerts.dispose()
  })

  it("ignores prices of another profile's session", async () => {
    const w = wired()
    w.ticker('100')
    await w.settle()
    await w.alerts.handlers['alerts.create']({ kind: 'above', pair: 'BTC_USDT', price: '101' })
    w.ticker('150', 'other-profile')
    await w.settle()
    expect(w.fired).toEqual([])
    w.alerts.dispose()
  })

  it('an order alert fires once when the account feed shows the order filled', async () => {
    const w = wired()
    await w.alerts.handlers['alerts.create']({ kind: 'order-filled', pair: 'BTC_USDT', orderId: 77 })
    const snap = (status: string): AccountSnapshot => ({
      switchGeneration: 4,
      accountId: 1,
      balances: [],
      feeRules: [],
      fetchedAt: 1,
      orders: [{ id: 77, pair: 'BTC_USDT', amount: '1', side: 'BID', status, type: 'LIMIT' }],
    })
    w.hub.emit('account.changed', snap('OPEN'))
    w.hub.emit('account.changed', snap('FILLED'))
    w.hub.emit('account.changed', snap('FILLED'))
    await w.settle()
    expect(w.fired.map((e) => e.alerts.map((a) => a.orderId))).toEqual([[77]])
    w.alerts.dispose()
  })

  it('an alert on any order of a pair fires once, on the first order that fills after it was set', async () => {
    const w = wired()
    const order = (id: number, status: string, pair = 'BTC_USDT') => ({ id, pair, amount: '1', side: 'BID', status, type: 'LIMIT' })
    const snap = (...orders: ReturnType<typeof order>[]): AccountSnapshot => ({ switchGeneration: 4, accountId: 1, balances: [], feeRules: [], fetchedAt: 1, orders })
    // An order filled long ago is in the recent orders when the alert is set: history, not news.
    w.hub.emit('account.changed', snap(order(1, 'FILLED'), order(2, 'OPEN'), order(3, 'OPEN', 'ETH_USDT')))
    await w.settle()
    const alert = await w.alerts.handlers['alerts.create']({ kind: 'order-filled', pair: 'BTC_USDT' })
    w.hub.emit('account.changed', snap(order(1, 'FILLED'), order(2, 'OPEN'), order(3, 'FILLED', 'ETH_USDT')))
    w.hub.emit('account.changed', snap(order(1, 'FILLED'), order(2, 'FILLED'), order(3, 'FILLED', 'ETH_USDT'), order(4, 'FILLED')))
    w.hub.emit('account.changed', snap(order(1, 'FILLED'), order(2, 'FILLED'), order(5, 'FILLED')))
    await w.settle()
    expect(w.fired).toHaveLength(1)
    expect(w.fired[0]!.alerts).toEqual([expect.objectContaining({ id: alert.id, status: 'fired', filledOrderId: 2 })])
    w.alerts.dispose()
  })

  it('the first look at an account after a start only learns which orders are filled', () => {
    const watch = fillWatch()
    const o = (id: number, status: string) => ({ id, pair: 'BTC_USDT', status })
    expect(watch.see(4, [o(1, 'FILLED')]).map((x) => x.newlyFilled)).toEqual([false])
    expect(watch.see(4, [o(1, 'FILLED'), o(2, 'FILLED')]).map((x) => x.newlyFilled)).toEqual([false, true])
    // Another account (a new generation): its old fills are not news either.
    expect(watch.see(5, [o(3, 'FILLED')]).map((x) => x.newlyFilled)).toEqual([false])
  })

  it('refuses a price its pair cannot quote even when the window sent it, and arms none', async () => {
    const w = wired()
    const create = w.alerts.handlers['alerts.create']
    await expect(create({ kind: 'above', pair: 'BTC_USDT', price: '43000.123456789012' })).rejects.toMatchObject({
      code: 'INVALID_ALERT_PRICE',
      field: 'price',
      message: 'BTC/USDT prices have at most 2 decimals; nothing was set.',
    })
    await expect(create({ kind: 'below', pair: 'XYZ_USDT', price: '1' })).rejects.toMatchObject({ code: 'UNKNOWN_PAIR', message: 'XYZ/USDT is not a pair of this exchange; nothing was set.' })
    // The order-filled kind has no price: nothing about prices or pairs applies.
    await create({ kind: 'order-filled', pair: 'BTC_USDT', orderId: 9 })
    expect((await w.alerts.handlers['alerts.list'](undefined)).map((a) => a.kind)).toEqual(['order-filled'])
    w.alerts.dispose()
  })

  it('without the pair list the price cannot be checked: nothing is set, and the reason is given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'alerts-wiring-'))
    dirs.push(dir)
    const session = { active: { id: 'p1' }, client: null, switchGeneration: 1, profileGeneration: 1, signal: new AbortController().signal }
    const pairs = async () => {
      throw new TerminalError({ kind: 'network', code: 'NETWORK', message: 'The exchange could not be reached' })
    }
    const alerts = createTerminalAlerts({ session: session as never, hub: createEventHub(), dataDir: dir, now: () => 1, pollMs: 60_000, pairs })
    await expect(alerts.handlers['alerts.create']({ kind: 'above', pair: 'BTC_USDT', price: '1' })).rejects.toMatchObject({
      kind: 'network',
      message: expect.stringMatching(/could not be read \(The exchange could not be reached\).*nothing was set/),
    })
    expect(await alerts.handlers['alerts.list'](undefined)).toEqual([])
    alerts.dispose()
  })

  it('refuses a crossing alert while no last price is known', async () => {
    const w = wired()
    await expect(w.alerts.handlers['alerts.create']({ kind: 'cross', pair: 'BTC_USDT', price: '1' })).rejects.toMatchObject({ code: 'NO_LAST_PRICE' })
    w.alerts.dispose()
  })
})

describe('alerts in the core, against the demo exchange', () => {
  const h = useTerminalHarness(31)

  it('an alert at the ask fires when a market buy lifts the price, with no window subscribed, and once', async () => {
    const core = await h.open()
    const [ticker] = await core.call('market.ticker', { pair: 'BTC_USDT' })
    // The first ask above the last price, and what buying the book up to it costs (plus a little).
    const book = await core.call('market.orderbook', { pair: 'BTC_USDT', limit: 50 })
    const upTo = book.sell.findIndex((l) => Number(l.price) > Number(ticker!.last))
    const level = book.sell[upTo]!.price
    const cost = book.sell.slice(0, upTo).reduce((sum, l) => sum + Number(l.price) * Number(l.amount), 0) + Number(level) * 0.001
    const alert = await core.call('alerts.create', { kind: 'above', pair: 'BTC_USDT', price: level, sound: true })
    const fired = next(core, 'alerts.fired')
    let count = 0
    core.on('alerts.fired', (e) => (count += e.alerts.filter((a) => a.id === alert.id).length))
    const buy = await core.call('orders.place', { pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: cost.toFixed(2) })
    expect(buy.outcome).toBe('placed')
    expect((await fired).alerts).toMatchObject([{ id: alert.id, status: 'fired', sound: true }])
    await new Promise((r) => setTimeout(r, 600)) // a few more ticker polls: no second announcement
    expect(count).toBe(1)
    const listed = await core.call('alerts.list', undefined)
    expect(listed.find((a) => a.id === alert.id)).toMatchObject({ status: 'fired' })
    expect((await core.call('alerts.cancel', { id: alert.id })).status).toBe('fired')
  })

  it('through the IPC dispatch, an absurd or over-precise price from a window is refused and nothing is armed', async () => {
    const core = await h.open()
    const dispatch = createDispatch(core)
    const absurd = await dispatch('alerts.create', { kind: 'above', pair: 'BTC_USDT', price: '100000000000000000000000' })
    expect(absurd).toMatchObject({
      ok: false,
      error: { code: 'INVALID_PAYLOAD', field: 'price', message: expect.stringMatching(/price — That price has more than 18 digits before the decimal point/) },
    })
    // The demo quotes BTC/USDT to 2 decimals, as the real exchange does.
    const precise = await dispatch('alerts.create', { kind: 'below', pair: 'BTC_USDT', price: '1.123456789012' })
    expect(precise).toMatchObject({ ok: false, error: { code: 'INVALID_ALERT_PRICE', field: 'price', message: 'BTC/USDT prices have at most 2 decimals; nothing was set.' } })
    expect((await core.call('alerts.list', undefined)).filter((a) => a.status === 'active')).toEqual([])
  })
})
