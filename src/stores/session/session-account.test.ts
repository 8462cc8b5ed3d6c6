import type { OrderRecord } from '@domain/wire/wire'
import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { setTerminal } from '@/api'
import { accountSnapshot, balance, deferred, fakeTerminal, feeRule, profileView, sessionState, type FakeTerminal } from '../test/fake-terminal.test-util'
import { useSessionStore } from './session'
import { availableOf, useAccountStore } from '../account/account'
import { usePrefsStore } from '../prefs'
import { useNoticeStore } from '../notices'
import type { SessionState } from '@domain/api/api'

let terminal: FakeTerminal
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
/** Pushed account snapshots are applied once a frame (a timer where there are no frames). */
const frame = () => new Promise((resolve) => setTimeout(resolve, 20))

beforeEach(() => {
  setActivePinia(createPinia())
  terminal = fakeTerminal({
    'session.get': () => sessionState(),
    'profiles.list': () => [profileView()],
    'app.info': () => ({ name: 'T', version: '0.1.0', host: 'web', platform: 'linux', dataDir: '/d', keychain: { available: true } }),
    'account.snapshot': () => accountSnapshot(),
  })
  setTerminal(terminal)
})

describe('session store', () => {
  it('loads the session, profiles and app info, then follows session.changed', async () => {
    const session = useSessionStore()
    await session.load()
    expect(session.accountId).toBe(1)
    expect(session.canTrade).toBe(true)
    expect(session.profiles).toHaveLength(1)
    terminal.emit('session.changed', sessionState({ switchGeneration: 2, accountId: 3, canTrade: false }))
    expect(session.accountId).toBe(3)
    expect(session.canTrade).toBe(false)
    expect(session.account?.viewOnlyReason).toMatch(/No profile/)
  })

  it('ignores a session state older than the one shown (an overtaken switch)', async () => {
    const session = useSessionStore()
    await session.load()
    const slow = deferred<SessionState>()
    terminal.handlers['accounts.select'] = () => slow.promise
    const first = session.selectAccount(2)
    terminal.emit('session.changed', sessionState({ switchGeneration: 3, accountId: 3 }))
    slow.resolve(sessionState({ switchGeneration: 2, accountId: 2 }))
    await first
    expect(session.accountId).toBe(3)
    expect(session.switchGeneration).toBe(3)
  })

  it('subscribes to session.changed once however often it loads', async () => {
    const session = useSessionStore()
    await session.load()
    await session.load()
    expect(terminal.listenerCount('session.changed')).toBe(1)
  })

  it('keeps the profile list in step with create, update and remove', async () => {
    const session = useSessionStore()
    await session.load()
    terminal.handlers['profiles.create'] = (input) => profileView({ id: 'p9', name: input.name, apiKeyHint: input.apiKey.slice(-4) })
    terminal.handlers['profiles.update'] = (input) => profileView({ id: input.id, name: input.name ?? 'x' })
    terminal.handlers['profiles.remove'] = () => ({ removed: true })
    await session.createProfile({ name: 'Demo 2', baseUrl: 'http://127.0.0.1:1/api/v3', apiKey: 'key-12345678', apiSecret: 'secret-123456' })
    expect(session.profiles.map((p) => p.name)).toEqual(['Main', 'Demo 2'])
    await session.updateProfile({ id: 'p1', name: 'Renamed' })
    expect(session.profile?.name).toBe('Renamed')
    await session.removeProfile('p9')
    expect(session.profiles.map((p) => p.id)).toEqual(['p1'])
  })
})

describe('account store', () => {
  async function ready() {
    const session = useSessionStore()
    const account = useAccountStore()
    account.listen()
    await session.load()
    return { session, account }
  }

  it('shows a snapshot of the current generation and drops one of an earlier generation', async () => {
    const { account } = await ready()
    terminal.emit('account.changed', accountSnapshot({ balances: [balance({ currency: 'USDT', balance: '10' })] }))
    await frame()
    expect(account.balances.map((b) => b.currency)).toEqual(['USDT'])
    terminal.emit('account.changed', accountSnapshot({ switchGeneration: 0, balances: [balance({ currency: 'ETH' })] }))
    await frame()
    expect(account.balances.map((b) => b.currency)).toEqual(['USDT'])
  })

  it('clears the previous account at once on a switch and never shows its late answers', async () => {
    const { session, account } = await ready()
    terminal.emit('account.changed', accountSnapshot({ balances: [balance({ currency: 'MASTERCOIN' })] }))
    await frame()
    const late = deferred<ReturnType<typeof accountSnapshot>>()
    terminal.handlers['account.snapshot'] = () => late.promise
    terminal.emit('session.changed', sessionState({ switchGeneration: 2, accountId: 2 }))
    // Nothing of the master account is on screen while the sub-account loads.
    expect(account.balances).toEqual([])
    expect(account.loaded).toBe(false)
    // The master's snapshot arrives late (fetched for generation 1): dropped.
    terminal.emit('account.changed', accountSnapshot({ switchGeneration: 1, balances: [balance({ currency: 'MASTERCOIN' })] }))
    await frame()
    expect(account.balances).toEqual([])
    late.resolve(accountSnapshot({ switchGeneration: 2, accountId: 2, balances: [balance({ account_id: 2, currency: 'SUBCOIN' })] }))
    await settle()
    expect(account.balances.map((b) => b.currency)).toEqual(['SUBCOIN'])
    expect(session.switchGeneration).toBe(2)
  })

  it('a switch to an unreachable exchange: after "connecting", the tables say what the exchange answered', async () => {
    const { account } = await ready()
    terminal.handlers['account.snapshot'] = () => Promise.reject(new Error('Retrying: connecting to Gone timed out.'))
    terminal.emit('session.changed', sessionState({ switchGeneration: 3, profileGeneration: 3, connection: { state: 'connecting', message: 'Connecting to Gone…', since: 0 } }))
    await settle()
    expect(account.error).toMatch(/Retrying/)
    terminal.handlers['account.snapshot'] = () => Promise.reject(new Error('Could not reach the exchange for GET /balances (ECONNREFUSED).'))
    terminal.emit('session.changed', sessionState({ switchGeneration: 3, profileGeneration: 3, connection: { state: 'offline', message: 'Exchange unreachable', since: 0 } }))
    await settle()
    expect(account.error).toMatch(/Could not reach the exchange/)
    expect(account.balances).toEqual([])
  })

  it('holds a snapshot that arrives before its session.changed, and shows it when the session catches up', async () => {
    const { account } = await ready()
    await settle()
    const asked = terminal.callsOf('account.snapshot').length
    terminal.emit('account.changed', accountSnapshot({ switchGeneration: 2, accountId: 3, balances: [balance({ account_id: 3, currency: 'EARLY' })] }))
    await frame()
    // Still generation 1 on screen: the early snapshot waits.
    expect(account.balances.map((b) => b.currency)).toEqual(['BTC'])
    terminal.emit('session.changed', sessionState({ switchGeneration: 2, accountId: 3 }))
    expect(account.balances.map((b) => b.currency)).toEqual(['EARLY'])
    // It did not need to ask again.
    expect(terminal.callsOf('account.snapshot')).toHaveLength(asked)
  })

  it('filters balances and fee rules to the selected account', async () => {
    const { account } = await ready()
    terminal.emit(
      'account.changed',
      accountSnapshot({
        accountId: 1,
        balances: [balance({ account_id: 1, currency: 'MINE' }), balance({ account_id: 2, currency: 'SUBS' })],
        feeRules: [feeRule({ account_id: 1, priority: 1 }), feeRule({ account_id: 2, priority: 2 })],
      }),
    )
    await frame()
    expect(account.balances.map((b) => b.currency)).toEqual(['MINE'])
    expect(account.feeRules.map((r) => r.priority)).toEqual([1])
  })

  it('computes available as balance − reserve exactly, by currency and wallet', async () => {
    const { account } = await ready()
    terminal.emit(
      'account.changed',
      accountSnapshot({
        balances: [
          balance({ currency: 'USDT', wallet_type: 'SPOT', balance: '0.3', reserve: '0.1' }),
          balance({ currency: 'USDT', wallet_type: 'CROSS_MARGIN', balance: '100.000000000000000001', reserve: '0.000000000000000001' }),
        ],
      }),
    )
    await frame()
    expect(account.available('USDT', 'SPOT')).toBe('0.2')
    expect(account.available('USDT', 'MARGIN_CROSS')).toBe('100')
    expect(account.available('BTC', 'SPOT')).toBeNull()
    expect(availableOf({ balance: '1', reserve: '1.5' })).toBe('-0.5')
  })

  it('applies the pushes of one frame once, the newest of them, after the answers waiting before it', async () => {
    const { account } = await ready()
    terminal.emit('account.changed', accountSnapshot({ balances: [balance({ balance: '1' })], fetchedAt: 10 }))
    await frame()
    const rows = account.balances
    terminal.emit('account.changed', accountSnapshot({ balances: [balance({ balance: '2' })], fetchedAt: 30 }))
    terminal.emit('account.changed', accountSnapshot({ balances: [balance({ balance: '5' })], fetchedAt: 20 }))
    // nothing redrawn before the frame: the order's own answer is handled first
    expect(account.balances).toBe(rows)
    await frame()
    // the newest read wins, whatever order the pushes came in
    expect(account.balances.map((b) => b.balance)).toEqual(['2'])
  })

  it('keeps the rows of a snapshot that a later read confirms (no redraw), and takes the read’s time', async () => {
    const { account } = await ready()
    terminal.emit('account.changed', accountSnapshot({ balances: [balance({ balance: '2' })], fetchedAt: 10 }))
    await frame()
    const rows = account.balances
    terminal.emit('account.changed', accountSnapshot({ balances: [balance({ balance: '2' })], fetchedAt: 20 }))
    await frame()
    expect(account.balances).toBe(rows)
    expect(account.fetchedAt).toBe(20)
    // an older snapshot is still refused, even one with other numbers
    terminal.emit('account.changed', accountSnapshot({ balances: [balance({ balance: '1' })], fetchedAt: 15 }))
    await frame()
    expect(account.balances.map((b) => b.balance)).toEqual(['2'])
    terminal.emit('account.changed', accountSnapshot({ balances: [balance({ balance: '3' })], fetchedAt: 30 }))
    await frame()
    expect(account.balances.map((b) => b.balance)).toEqual(['3'])
  })

  it('a change of balances only keeps the orders and fee rules as they were shown (their views are not redrawn)', async () => {
    const { account } = await ready()
    terminal.emit('account.changed', accountSnapshot({ balances: [balance({ balance: '2' })], fetchedAt: 10 }))
    await frame()
    const orders = account.orders
    const rules = account.feeRules
    terminal.emit('account.changed', accountSnapshot({ balances: [balance({ balance: '3' })], fetchedAt: 20 }))
    await frame()
    expect(account.balances.map((b) => b.balance)).toEqual(['3'])
    expect(account.orders).toBe(orders)
    expect(account.feeRules).toBe(rules)
  })

  it('a new order keeps the other open orders and the unchanged balances as the rows shown (their cells are not drawn again)', async () => {
    const { account } = await ready()
    const open = (id: number, price: string): OrderRecord => ({ id, pair: 'BTC_USDT', amount: '0.5', price, side: 'BID', status: 'OPEN', type: 'LIMIT' })
    const usdt = balance({ currency: 'USDT', balance: '1000' })
    terminal.emit('account.changed', accountSnapshot({ balances: [balance(), usdt], orders: [open(1, '100'), open(2, '101')], fetchedAt: 10 }))
    await frame()
    const [first, second] = account.orders!
    const [btc] = account.balances
    terminal.emit(
      'account.changed',
      accountSnapshot({ balances: [balance(), { ...usdt, reserve: '50' }], orders: [open(3, '102'), open(1, '100'), { ...open(2, '101'), amount_filled: '0.1' }], fetchedAt: 20 }),
    )
    await frame()
    expect(account.orders!.map((o) => o.id)).toEqual([3, 1, 2])
    expect(account.orders![1]).toBe(first)
    expect(account.orders![2]).not.toBe(second)
    expect(account.orders![2]!.amount_filled).toBe('0.1')
    expect(account.balances[0]).toBe(btc)
    expect(account.balances[1]!.reserve).toBe('50')
  })

  it('keeps orders null when the server has no orders endpoint', async () => {
    const { account } = await ready()
    terminal.emit('account.changed', accountSnapshot({ orders: null }))
    await frame()
    expect(account.orders).toBeNull()
  })

  it('cancels by id and asks for a fresh snapshot', async () => {
    const { account } = await ready()
    await settle()
    const asked = terminal.callsOf('account.snapshot').length
    terminal.handlers['orders.cancel'] = () => ({ kind: 'by-ids', results: { '7': 'CANCELLED' } })
    await account.cancel([7])
    expect(terminal.callsOf('orders.cancel')).toEqual([{ order_ids: [7] }])
    expect(terminal.callsOf('account.snapshot')).toHaveLength(asked + 1)
    await account.cancelAllForPair('BTC_USDT')
    expect(terminal.callsOf('orders.cancel')[1]).toEqual({ pair: 'BTC_USDT' })
  })

  it('does not grow its listeners or state over many switches', async () => {
    const { account } = await ready()
    for (let g = 2; g < 202; g++) {
      const id = g % 2 === 0 ? 2 : 1
      terminal.emit('account.changed', accountSnapshot({ switchGeneration: g, accountId: id, balances: [balance({ account_id: id, currency: `C${id}` })] }))
      await frame()
      terminal.emit('session.changed', sessionState({ switchGeneration: g, accountId: id }))
      expect(account.balances.map((b) => b.currency)).toEqual([`C${id}`])
    }
    expect(terminal.listenerCount('account.changed')).toBe(1)
    expect(terminal.listenerCount('session.changed')).toBe(1)
  })
})

describe('prefs store', () => {
  it('applies a change at once, keeps the last write when answers come out of order, and clamps layout', async () => {
    const answers = [deferred<never>(), deferred<never>()]
    let n = 0
    terminal.handlers['prefs.set'] = () => answers[n++]!.promise
    const prefs = usePrefsStore()
    const first = prefs.setTheme('light')
    const second = prefs.setLayout({ sidebar: 95 })
    expect(prefs.prefs.theme).toBe('light')
    expect(prefs.prefs.layout.sidebar).toBe(60)
    answers[1]!.resolve({ ...prefs.prefs } as never)
    answers[0]!.resolve({ ...prefs.prefs, theme: 'dark' } as never)
    await Promise.all([first, second])
    expect(prefs.prefs.theme).toBe('light')
    expect(terminal.callsOf('prefs.set')[1]).toEqual({ layout: { sidebar: 60, bottom: 30, side: 25, bottomCollapsed: false, sideCollapsed: false } })
  })
})

describe('notice store', () => {
  it('collects notice events, newest first, bounded', () => {
    const notices = useNoticeStore()
    notices.listen()
    for (let i = 0; i < 60; i++) terminal.emit('notice', { kind: 'order-filled', title: `Filled ${i}`, body: '' })
    expect(notices.items).toHaveLength(50)
    expect(notices.items[0]?.title).toBe('Filled 59')
  })
})
