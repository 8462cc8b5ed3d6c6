import { afterEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import type { BlotterReport, CancelAllOutcome } from '@domain/portfolio/all-accounts'
import { sessionState } from '../test/fake-terminal.test-util'
import { freshSession } from '../test/session-harness.test-util'
import { POLL_MS, useBlotterStore } from './blotter'
import { useSessionStore } from '../session/session'
import { useAnnouncerStore } from '../announcer'

const account = { id: 1, name: 'master', exchange: 'https://x.example', profileId: 'p1', profileName: 'Main' }
const report = (orders: number): BlotterReport => ({
  accounts: [{ ...account, open: orders }],
  orders: Array.from({ length: orders }, (_, i) => ({ account, order: { id: i + 1, pair: 'BTC_USDT', amount: '1', side: 'BID', status: 'OPEN', type: 'LIMIT', tif: null, client_order_id: null } })),
  perAccountLimit: 100,
})

describe('the blotter store', () => {
  it('cancel all: the outcome per account is kept and said once, then the blotter is read again', async () => {
    const terminal = freshSession()
    const reads = [report(2), report(0)]
    terminal.handlers['blotter.get'] = () => reads.shift() ?? report(0)
    const outcome: CancelAllOutcome = { account, result: 'cancelled', before: 2, remaining: 0, message: '2 open orders cancelled.' }
    terminal.handlers['orders.cancelAll'] = () => [outcome]
    const store = useBlotterStore()
    await store.load()
    expect(store.report?.orders).toHaveLength(2)
    await store.cancelAll('profile')
    expect(terminal.callsOf('orders.cancelAll')).toEqual([{ scope: 'profile' }])
    expect(store.outcomes).toEqual([outcome])
    expect(store.report?.orders).toHaveLength(0)
    expect(useAnnouncerStore().messages.map((m) => m.text)).toEqual(['Cancel all: 1 account cancelled'])
  })

  it('one account: its id goes with the scope', async () => {
    const terminal = freshSession()
    terminal.handlers['blotter.get'] = () => report(0)
    terminal.handlers['orders.cancelAll'] = () => []
    await useBlotterStore().cancelAll('account', 7)
    expect(terminal.callsOf('orders.cancelAll')).toEqual([{ scope: 'account', accountId: 7 }])
  })

  it('a refused cancel of one order is said, with the reason, and the list read again', async () => {
    const terminal = freshSession()
    terminal.handlers['blotter.get'] = () => report(1)
    terminal.handlers['blotter.cancel'] = () => {
      throw new Error('order not found')
    }
    const store = useBlotterStore()
    await store.cancel('p1', 1)
    expect(store.actionError).toBe('Order #1 was not cancelled: order not found')
    expect(useAnnouncerStore().messages.map((m) => m.text)).toEqual(['Order #1 was not cancelled: order not found'])
    expect(store.cancelling.size).toBe(0)
    expect(terminal.callsOf('blotter.get')).toHaveLength(1)
  })

  it('after a switch the old session’s orders are gone at once', async () => {
    const terminal = freshSession()
    terminal.handlers['blotter.get'] = () => report(3)
    const store = useBlotterStore()
    await store.load()
    terminal.handlers['blotter.get'] = () => new Promise(() => {}) // the new session's answer is slow
    useSessionStore().applyState(sessionState({ switchGeneration: 2, accountId: 2 }))
    await nextTick()
    expect(store.report).toBeNull()
  })

  describe('read again while shown, for the accounts no live feed covers', () => {
    afterEach(() => void vi.useRealTimers())
    const sub = { id: 2, name: 'sub', exchange: 'https://x.example', profileId: 'p2', profileName: 'Sub' }
    const withSub = (): BlotterReport => ({
      ...report(1),
      accounts: [
        { ...account, open: 1 },
        { ...sub, open: 0 },
      ],
    })

    it('every POLL_MS while shown, with the time of the read; not while hidden', async () => {
      vi.useFakeTimers({ now: 1_000_000 })
      const terminal = freshSession() // the active profile is p1: account 1 has the feed, account 2 does not
      terminal.handlers['blotter.get'] = withSub
      const store = useBlotterStore()
      store.shown(true)
      await vi.advanceTimersByTimeAsync(0)
      expect(terminal.callsOf('blotter.get')).toHaveLength(1)
      expect(store.readAt).toBe(1_000_000)
      await vi.advanceTimersByTimeAsync(POLL_MS)
      await vi.advanceTimersByTimeAsync(POLL_MS)
      expect(terminal.callsOf('blotter.get')).toHaveLength(3)
      expect(store.readAt).toBe(1_000_000 + 2 * POLL_MS)
      store.shown(false)
      await vi.advanceTimersByTimeAsync(5 * POLL_MS)
      expect(terminal.callsOf('blotter.get')).toHaveLength(3)
    })

    it('only the active profile’s own account listed: its feed suffices, no poll', async () => {
      vi.useFakeTimers()
      const terminal = freshSession()
      terminal.handlers['blotter.get'] = () => report(1)
      const store = useBlotterStore()
      store.shown(true)
      await vi.advanceTimersByTimeAsync(3 * POLL_MS)
      expect(terminal.callsOf('blotter.get')).toHaveLength(1)
      store.shown(false)
    })

    it('a slow read is never doubled by the poll', async () => {
      vi.useFakeTimers()
      const terminal = freshSession()
      terminal.handlers['blotter.get'] = withSub
      const store = useBlotterStore()
      await store.load()
      terminal.handlers['blotter.get'] = () => new Promise(() => {}) // never answers
      store.shown(true)
      await vi.advanceTimersByTimeAsync(0)
      await vi.advanceTimersByTimeAsync(4 * POLL_MS)
      expect(terminal.callsOf('blotter.get')).toHaveLength(2) // the first load, then one poll hanging
      store.shown(false)
    })
  })
})
