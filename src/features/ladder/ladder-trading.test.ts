// Trading from the ladder, in the stores on a fake terminal: with one-click off nothing is sent before
// the confirmation, and what is confirmed is exactly what goes out; one-click sends at once; a
// stop-limit and a flatten always ask; the form's reasons not to send hold here too; a double click
// sends one order; an own order dropped on another row opens the move's confirmation.
import { describe, expect, it } from 'vitest'
import type { OrderDraft } from '@domain/orders/orders'
import { nextTick } from 'vue'
import { sessionState, setupStores, terminal } from '@/features/order-form/test/order-form-harness.test-util'
import { useLadderStore } from '@/stores/ladder/ladder'
import { useOrderMoveStore } from '@/stores/orders/order-move'

const placing = () => terminal.handle('orders.place', (draft: OrderDraft) => ({ outcome: 'placed', orderIds: [11], clientOrderId: draft.client_order_id! }))

describe('a click on a row', () => {
  it('with one-click off asks first; the confirmed order is the one the confirmation showed', async () => {
    setupStores()
    placing()
    const ladder = useLadderStore()
    expect(ladder.oneClick).toBe(false)
    expect(await ladder.placeAt('BUY', '42900.00')).toBe(false)
    expect(terminal.callsOf('orders.place')).toEqual([])
    const body = ladder.pending!.body
    expect(body).toMatchObject({ pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', base_amount: '0.001', limit_price: '42900' })
    expect(await ladder.confirm()).toBe(true)
    const sent = terminal.callsOf('orders.place') as OrderDraft[]
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ order_type: 'LIMIT', order_side: 'BUY', base_amount: '0.001', limit_price: '42900.00', client_order_id: body.client_order_id })
    expect(ladder.message).toMatchObject({ tone: 'ok' })
  })

  it('one-click turns on only once its warning is accepted, then sends at once', async () => {
    setupStores()
    placing()
    const ladder = useLadderStore()
    ladder.toggleOneClick()
    expect(ladder.oneClick).toBe(false)
    expect(ladder.warningOpen).toBe(true)
    ladder.acceptOneClick()
    expect(ladder.oneClick).toBe(true)
    expect(await ladder.placeAt('SELL', '43100.00')).toBe(true)
    expect(ladder.pending).toBeNull()
    expect(terminal.callsOf('orders.place')).toEqual([expect.objectContaining({ order_side: 'SELL', limit_price: '43100.00', base_amount: '0.001' })])
  })

  it('a double click sends one order: the second waits for the first answer', async () => {
    setupStores()
    let answer: (v: unknown) => void = () => undefined
    terminal.handle('orders.place', () => new Promise((resolve) => (answer = resolve)) as never)
    const ladder = useLadderStore()
    ladder.acceptOneClick()
    const first = ladder.placeAt('BUY', '42900.00')
    expect(await ladder.placeAt('BUY', '42900.00')).toBe(false)
    expect(ladder.message?.text).toContain('Waiting for the exchange')
    answer({ outcome: 'placed', orderIds: [1], clientOrderId: 'x' })
    await first
    expect(terminal.callsOf('orders.place')).toHaveLength(1)
  })

  it('a stop-limit always asks, with the limit the ladder chose beyond the stop said in words', async () => {
    setupStores()
    const ladder = useLadderStore()
    ladder.acceptOneClick()
    await ladder.placeAt('BUY', '43500.00', true)
    expect(terminal.callsOf('orders.place')).toEqual([])
    expect(ladder.pending!.body).toMatchObject({ order_type: 'STOP_LIMIT', stop_price: '43500', limit_price: '43500.05', stop_operator: 'GTE' })
    expect(ladder.pending!.warning).toContain('a limit buy at 43500.05')
    ladder.cancelConfirm()
    await ladder.placeAt('SELL', '42000.00', true)
    expect(ladder.pending!.body).toMatchObject({ order_type: 'STOP_LIMIT', stop_price: '42000', limit_price: '41999.95', stop_operator: 'LTE' })
  })

  it('sends nothing when the form would not: a view-only account, or a size the pair refuses', async () => {
    setupStores({ session: { canTrade: false } })
    const ladder = useLadderStore()
    ladder.acceptOneClick()
    expect(await ladder.placeAt('BUY', '42900.00')).toBe(false)
    expect(ladder.message?.text).toMatch(/^Not sent: /)
    setupStores()
    const fresh = useLadderStore()
    fresh.acceptOneClick()
    await fresh.save({ presets: ['0.00001'], preset: 0 })
    expect(fresh.sizeProblem).toContain('decimal places')
    expect(await fresh.placeAt('BUY', '42900.00')).toBe(false)
    expect(terminal.callsOf('orders.place')).toEqual([])
  })
})

describe('the hotkeys’ actions', () => {
  it('flatten sells what the wallet has available, at market, and always asks', async () => {
    setupStores({ base: '0.56789' })
    const ladder = useLadderStore()
    ladder.acceptOneClick()
    ladder.run('flatten')
    await Promise.resolve()
    expect(terminal.callsOf('orders.place')).toEqual([])
    expect(ladder.pending!.body).toMatchObject({ order_type: 'MARKET', order_side: 'SELL' })
    expect(ladder.pending!.warning).toContain('Flatten')
  })

  it('the size goes up and down within the presets', async () => {
    setupStores()
    const ladder = useLadderStore()
    ladder.run('sizeUp')
    await Promise.resolve()
    expect(ladder.size).toBe('0.01')
    ladder.run('sizeDown')
    ladder.run('sizeDown')
    await Promise.resolve()
    expect(ladder.size).toBe('0.001')
  })
})

it('another account or profile turns one-click off and drops the order waiting in the confirmation', async () => {
  const { session } = setupStores()
  const ladder = useLadderStore()
  await ladder.placeAt('BUY', '42900.00')
  ladder.acceptOneClick()
  expect(ladder.pending).not.toBeNull()
  session.applyState(sessionState({ switchGeneration: 2, accountId: 8 }))
  await nextTick()
  expect(ladder.oneClick).toBe(false)
  expect(ladder.pending).toBeNull()
})

it('an own order dropped on another row opens the move confirmation; nothing is sent', () => {
  const { account } = setupStores()
  account.apply({
    switchGeneration: 1,
    accountId: 7,
    balances: [],
    feeRules: [],
    orders: [{ id: 5, pair: 'BTC_USDT', amount: '0.001', price: '42000', side: 'BID', status: 'OPEN', type: 'LIMIT', wallet_type: 'SPOT' }],
    fetchedAt: 2,
  })
  useLadderStore().moveTo(5, '41990.00')
  expect(useOrderMoveStore().pending).toMatchObject({ oldPrice: '42000', newPrice: '41990.00', side: 'BUY' })
  expect(terminal.callsOf('orders.move')).toEqual([])
})
