// positions.* through the terminal, against the demo exchange: protect sizes from risk and sends the
// entry, the positions.changed event carries it, list shows it, cancel ends it; the keeper's file is
// the active profile's.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Decimal } from '../../domain/decimal'
import { next, useTerminalHarness } from '../test/terminal-harness.test-util'

describe('positions.*', () => {
  const h = useTerminalHarness(13)

  it('protect (risk-sized LIMIT buy with a target), positions.changed, list, cancel', async () => {
    const core = await h.open()
    const [ticker] = await core.call('market.ticker', { pair: 'BTC_USDT' })
    const entry = new Decimal(ticker!.last!).times('0.9').toDecimalPlaces(0)
    const changed = next(core, 'positions.changed')
    const answer = await core.call('positions.protect', {
      pair: 'BTC_USDT',
      side: 'BUY',
      entry: { type: 'LIMIT', price: entry.toFixed() },
      size: { riskPercent: '0.5' },
      stopLoss: entry.minus(1000).toFixed(),
      takeProfits: [{ price: entry.plus(2000).toFixed(), share: '100' }],
    })
    expect(answer.queued).toBe(false)
    const position = answer.position!
    expect(position.state).toBe('pending')
    expect(position.legs.map((l) => [l.role, l.status])).toEqual([['entry', 'resting']])
    expect(new Decimal(position.legs[0]!.amount).gt(0)).toBe(true)
    expect((await changed).positions.map((p) => p.id)).toContain(position.id)

    const session = await core.call('session.get', undefined)
    expect(existsSync(join(h.dataDir, 'positions', `${session.profile!.id}.json`))).toBe(true)
    expect((await core.call('positions.list', undefined)).map((p) => p.id)).toEqual([position.id])

    // acknowledge carries on; with no attention set it changes nothing and answers the position
    const acknowledged = await core.call('positions.acknowledge', { id: position.id })
    expect(acknowledged).toMatchObject({ queued: false, position: { id: position.id, state: 'pending', attention: null } })
    await expect(core.call('positions.acknowledge', { id: 'nope' })).rejects.toThrow(/no position nope/)

    // modify: the stop moved (the entry still rests: nothing else is sent); a rule broken or nothing asked is refused
    const moved = await core.call('positions.modify', { id: position.id, stopLoss: entry.minus(800).toFixed(), takeProfits: [{ index: 0, price: entry.plus(2500).toFixed() }] })
    // before the entry fills, the protect form's rules: a target between the entry and the market is fine
    expect(moved.position).toMatchObject({ stop: { price: entry.minus(800).toFixed() }, targets: [{ price: entry.plus(2500).toFixed(), state: 'waiting' }] })
    await expect(core.call('positions.modify', { id: position.id, stopLoss: entry.plus(1).toFixed() })).rejects.toThrow(/stop must be below the entry/)
    await expect(core.call('positions.modify', { id: position.id })).rejects.toThrow(/Give the new entry price, stop-loss or a take-profit/)
    // the pending LIMIT entry moves: cancelled, then one new entry at the new price; an entry under its stop is refused
    const lower = entry.minus(100).toFixed()
    const reentered = await core.call('positions.modify', { id: position.id, entryPrice: lower })
    expect(reentered.position?.legs.map((l) => [l.role, l.status, l.limitPrice])).toEqual([
      ['entry', 'done', entry.toFixed()],
      ['entry', 'resting', lower],
    ])
    await expect(core.call('positions.modify', { id: position.id, entryPrice: entry.minus(900).toFixed() })).rejects.toThrow(/entry must be above its stop/)
    await expect(core.call('positions.modify', { id: 'nope', stopLoss: '1' })).rejects.toThrow(/no position nope/)

    const cancelled = await core.call('positions.cancel', { id: position.id })
    expect(cancelled.position?.state).toBe('cancelled')
    await expect(core.call('positions.close', { id: 'nope' })).rejects.toThrow(/no position nope/)
  })

  it('an entry that would break the account’s risk limits is refused before it is sent; the position says why', async () => {
    const core = await h.open(h.freshDir())
    await core.call('limits.set', { limits: { currency: 'USDT', maxOrderValue: '10', maxOpenValue: null, maxOpenOrders: null, dailyLoss: null } })
    const [ticker] = await core.call('market.ticker', { pair: 'BTC_USDT' })
    const entry = new Decimal(ticker!.last!).times('0.9').toDecimalPlaces(0)
    const before = h.demo.stats().orderRequests
    const answer = await core.call('positions.protect', {
      pair: 'BTC_USDT',
      side: 'BUY',
      entry: { type: 'LIMIT', price: entry.toFixed() },
      size: { amount: '0.01' },
      stopLoss: entry.minus(1000).toFixed(),
      takeProfits: [],
    })
    const leg = answer.position!.legs.find((l) => l.role === 'entry')!
    expect(leg.status).toBe('refused')
    expect(leg.refusedWhy).toMatch(/This order is worth [\d,.]+ USDT, over this account's limit of 10 USDT for one order/)
    expect(answer.position!.state).toBe('cancelled')
    expect(h.demo.stats().orderRequests).toBe(before)
  })

  it('the keeper’s own cancel is told as the position’s, not as an order the trader cancelled', async () => {
    const core = await h.open(h.freshDir())
    const notices: Array<{ title: string; body: string }> = []
    core.on('notice', (n) => void notices.push(n))
    const [ticker] = await core.call('market.ticker', { pair: 'ETH_USDT' })
    const entry = new Decimal(ticker!.last!).times('0.9').toDecimalPlaces(0)
    const answer = await core.call('positions.protect', {
      pair: 'ETH_USDT',
      side: 'BUY',
      entry: { type: 'LIMIT', price: entry.toFixed() },
      size: { amount: '0.01' },
      stopLoss: entry.minus(100).toFixed(),
      takeProfits: [],
    })
    const orderId = answer.position!.legs[0]!.orderId!
    // The trader's own order, beside it: its cancel keeps the plain words.
    const placed = await core.call('orders.place', { pair: 'ETH_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.01', limit_price: entry.toFixed() })
    const own = placed.orderIds[0]!
    await core.call('account.snapshot', undefined) // the feed has seen both orders open
    await core.call('positions.cancel', { id: answer.position!.id })
    await core.call('orders.cancel', { order_ids: [own] })
    const told = async (id: string) => {
      for (let i = 0; i < 100 && !notices.some((n) => n.body.includes(`(#${id})`)); i++) await new Promise((r) => setTimeout(r, 50))
      return notices.find((n) => n.body.includes(`(#${id})`))
    }
    expect(await told(orderId)).toEqual({
      kind: 'order-cancelled',
      title: 'Position entry cancelled',
      body: `Buy 0.01 ETH/USDT @ ${entry.toFixed()} (#${orderId}) — the entry of the protected ETH/USDT position (see Positions).`,
    })
    expect((await told(String(own)))?.title).toBe('Order cancelled')
  })
})
