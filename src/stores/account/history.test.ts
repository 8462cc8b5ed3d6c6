// The history store: fills read for each pair the orders traded, a 404 said in its tab while the
// other works, and everything dropped on a session switch.
import { beforeEach, describe, expect, it } from 'vitest'
import { TerminalError } from '@domain/errors'
import type { PlacedFill } from '@domain/account/fill-sides'
import type { OrderRecord } from '@domain/wire/wire'
import { sessionState, type FakeTerminal } from '../test/fake-terminal.test-util'
import { useHistoryStore } from './history'
import { useSessionStore } from '../session/session'
import { freshSession } from '../test/session-harness.test-util'

const order = (id: number, pair: string, filled: string): OrderRecord =>
  ({ id, pair, amount: '1', price: '10', side: 'BID', status: 'FILLED', type: 'LIMIT', amount_filled: filled, open_at: id * 1000 }) as OrderRecord
const fill = (pair: string, id: number): PlacedFill => ({
  pair,
  amount: '1',
  price: '10',
  type: 'LIMIT',
  date: id * 1000,
  fee_amount: '0',
  fee_currency: 'USDT',
  placement: { side: 'BUY', from: 'order', orderId: id, note: '' },
})

describe('history store', () => {
  let terminal: FakeTerminal
  beforeEach(() => {
    terminal = freshSession()
  })

  it('reads fills for each pair the orders filled in, newest first, and their P&L', async () => {
    terminal.handlers['account.orders'] = () => [order(1, 'BTC_USDT', '1'), order(2, 'ETH_USDT', '0'), order(3, 'DOGE_USDT', '0.5')]
    terminal.handlers['account.trades'] = ({ pair }) => [fill(pair, pair === 'BTC_USDT' ? 1 : 3)]
    const h = useHistoryStore()
    await h.load()
    expect(h.orders.map((o) => o.id)).toEqual([3, 2, 1])
    expect(terminal.callsOf('account.trades').map((c) => (c as { pair: string }).pair)).toEqual(['BTC_USDT', 'DOGE_USDT'])
    expect(h.fills.map((f) => f.pair)).toEqual(['DOGE_USDT', 'BTC_USDT'])
    expect(h.pnl.pairs.map((p) => p.pair).sort()).toEqual(['BTC_USDT', 'DOGE_USDT'])
  })

  it('says which endpoint the exchange lacks (404) and still shows the orders', async () => {
    terminal.handlers['account.orders'] = () => [order(1, 'BTC_USDT', '1')]
    terminal.handlers['account.trades'] = () => {
      throw new TerminalError({ kind: 'unsupported', code: 'NOT_SUPPORTED', status: 404, message: 'no' })
    }
    const h = useHistoryStore()
    await h.load()
    expect(h.orders).toHaveLength(1)
    expect(h.fillsProblem).toBe('This exchange does not offer the fills (404).')
    expect(h.fillsUnread).toBe('all')
    expect(h.ordersProblem).toBeNull()
  })

  it('does not say "no fills" when the order history, which names the pairs to read fills for, could not be read', async () => {
    terminal.handlers['account.orders'] = () => {
      throw new TerminalError({ kind: 'auth', code: 'NO_KEY', message: 'needs its own API key' })
    }
    const h = useHistoryStore()
    await h.load()
    expect(h.ordersProblem).toContain('could not be read')
    expect(h.fillsUnread).toBe('all')
    expect(h.fillsProblem).toContain('The fills could not be read either')
    expect(terminal.callsOf('account.trades')).toEqual([])
  })

  it("reads the other pairs when one pair's fills fail, and names the pair whose fills are not known", async () => {
    terminal.handlers['account.orders'] = () => [order(1, 'BTC_USDT', '1'), order(3, 'DOGE_USDT', '0.5')]
    terminal.handlers['account.trades'] = ({ pair }) => {
      if (pair === 'BTC_USDT') throw new TerminalError({ kind: 'network', code: 'TIMEOUT', message: 'timed out' })
      return [fill(pair, 3)]
    }
    const h = useHistoryStore()
    await h.load()
    expect(h.fills.map((f) => f.pair)).toEqual(['DOGE_USDT'])
    expect(h.fillsUnread).toEqual(['BTC_USDT'])
    expect(h.fillsProblem).toContain('BTC/USDT')
    expect(h.pnl.pairs.map((p) => p.pair)).toEqual(['DOGE_USDT'])
  })

  it('drops the history, and an answer still on its way, when the account is switched', async () => {
    let release: (v: OrderRecord[]) => void = () => {}
    terminal.handlers['account.orders'] = () => new Promise((r) => (release = r))
    const h = useHistoryStore()
    const pending = h.load()
    useSessionStore().applyState(sessionState({ switchGeneration: 2, accountId: 2 }))
    release([order(1, 'BTC_USDT', '0')])
    await pending
    expect(h.orders).toEqual([])
    expect(h.loaded).toBe(false)
  })
})
