// The book store shows only the book of the window's own pair and profile session, empties at once on
// a pair or profile switch, and shows the reason instead of a book when the core says it is in doubt.
import { beforeEach, describe, expect, it } from 'vitest'
import type { AccountSnapshot } from '@domain/api/api'
import type { OrderRecord } from '@domain/wire/wire'
import { sessionState, type FakeTerminal } from '../test/fake-terminal.test-util'
import { useAccountStore } from '../account/account'
import { useBookStore } from './book'
import { useMarketStore } from './market'
import { useSessionStore } from '../session/session'
import { freshSession } from '../test/session-harness.test-util'

const frame = () => new Promise((r) => setTimeout(r, 20))
const BOOK = { buy: [{ price: '99.5', amount: '2' }], sell: [{ price: '100.5', amount: '1.25' }] }

describe('book store', () => {
  let terminal: FakeTerminal
  beforeEach(() => {
    terminal = freshSession()
    useMarketStore().pair = 'BTC_USDT'
    useBookStore().listen()
  })

  it('shows the latest book of its pair and session, coalesced to one update a frame', async () => {
    const book = useBookStore()
    expect(book.loading).toBe(true)
    terminal.emit('market.book', { pair: 'BTC_USDT', book: { buy: [], sell: [] }, doubt: null, fetchedAt: 1, source: 'poll' })
    terminal.emit('market.book', { pair: 'BTC_USDT', book: BOOK, doubt: null, fetchedAt: 2, source: 'poll' })
    await frame()
    expect(book.asks).toEqual(BOOK.sell)
    expect(book.bids).toEqual(BOOK.buy)
    expect(book.fetchedAt).toBe(2)
    expect(book.usable).toBe(true)
  })

  it('shows the book the core sent before the window knew its pair (the start), once the pair is known; never another pair’s', async () => {
    const market = useMarketStore()
    const book = useBookStore()
    market.pair = ''
    terminal.emit('market.book', { pair: 'ETH_USDT', book: { buy: [], sell: [] }, doubt: null, fetchedAt: 1, source: 'feed' })
    terminal.emit('market.book', { pair: 'BTC_USDT', book: BOOK, doubt: null, fetchedAt: 2, source: 'feed' })
    await frame()
    expect(book.loading).toBe(true)
    // The first chart's answer names the pair; a still market sends no second book.
    market.pair = 'BTC_USDT'
    await frame()
    expect(book.loading).toBe(false)
    expect(book.asks).toEqual(BOOK.sell)
    // Kept for the start only: a later switch to ETH does not show the start's ETH book.
    market.pair = 'ETH_USDT'
    await frame()
    expect(book.loading).toBe(true)
  })

  it('ignores another pair’s book and an earlier session’s', async () => {
    const book = useBookStore()
    terminal.emit('market.book', { pair: 'ETH_USDT', book: BOOK, doubt: null, fetchedAt: 1, source: 'poll' })
    terminal.emit('market.book', { session: { profileId: 'p1', profileGeneration: 0 }, pair: 'BTC_USDT', book: BOOK, doubt: null, fetchedAt: 1, source: 'poll' })
    await frame()
    expect(book.loading).toBe(true)
    expect(book.asks).toEqual([])
  })

  it('empties at once on a pair switch and on a profile switch', async () => {
    const book = useBookStore()
    terminal.emit('market.book', { pair: 'BTC_USDT', book: BOOK, doubt: null, fetchedAt: 1, source: 'poll' })
    await frame()
    useMarketStore().pair = 'ETH_USDT'
    expect([book.asks, book.bids, book.loading]).toEqual([[], [], true])
    useMarketStore().pair = 'BTC_USDT'
    terminal.emit('market.book', { pair: 'BTC_USDT', book: BOOK, doubt: null, fetchedAt: 1, source: 'poll' })
    await frame()
    expect(book.asks).toHaveLength(1)
    useSessionStore().applyState(sessionState({ switchGeneration: 2, profileGeneration: 2 }))
    expect([book.asks, book.loading]).toEqual([[], true])
    // A book of the left session that was still on its way is not shown under the new one.
    terminal.emit('market.book', { pair: 'BTC_USDT', book: BOOK, doubt: null, fetchedAt: 1, source: 'poll' })
    await frame()
    expect(book.asks).toEqual([])
  })

  it('shows the reason, never the previous book, when the book is in doubt', async () => {
    const book = useBookStore()
    terminal.emit('market.book', { pair: 'BTC_USDT', book: BOOK, doubt: null, fetchedAt: 1, source: 'poll' })
    await frame()
    terminal.emit('market.book', { pair: 'BTC_USDT', book: null, doubt: 'The book could not be read (timeout); retrying.', fetchedAt: 2, source: 'poll' })
    await frame()
    expect(book.asks).toEqual([])
    expect(book.doubt).toMatch(/could not be read/)
    expect(book.usable).toBe(false)
  })

  it('marks what is left of the trader’s live orders of this pair', () => {
    const order = (over: Partial<OrderRecord>): OrderRecord => ({ id: 1, pair: 'BTC_USDT', amount: '1', price: '99.5', side: 'BID', status: 'OPEN', type: 'LIMIT', ...over }) as OrderRecord
    const snapshot: AccountSnapshot = {
      switchGeneration: 1,
      accountId: 1,
      balances: [],
      feeRules: [],
      fetchedAt: 1,
      orders: [
        order({ id: 1, amount_filled: '0.25' }),
        order({ id: 2, side: 'ASK', price: '101', status: 'FILLED' }),
        order({ id: 3, pair: 'ETH_USDT' }),
        order({ id: 4, side: 'ASK', price: '100.5', status: 'PARTIAL_FILLED', amount: '2', amount_filled: '0.5' }),
      ],
    }
    useAccountStore().apply(snapshot)
    expect(useBookStore().own).toEqual([
      { id: 1, price: '99.5', side: 'BUY', amount: '0.75' },
      { id: 4, price: '100.5', side: 'SELL', amount: '1.5' },
    ])
  })
})
