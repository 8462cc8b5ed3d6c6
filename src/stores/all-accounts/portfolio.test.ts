import { describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import type { PortfolioReport } from '@domain/portfolio/portfolio'
import { sessionState } from '../test/fake-terminal.test-util'
import { freshSession } from '../test/session-harness.test-util'
import { usePortfolioStore } from './portfolio'
import { useSessionStore } from '../session/session'

const report = (total: string): PortfolioReport => ({ quote: 'USDT', total, accounts: [], unpriced: [], failed: [] })

/** A promise the test settles by hand. */
function later<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

describe('the portfolio store', () => {
  it('asks the core for the chosen quote and scope, and again when either changes', async () => {
    const terminal = freshSession()
    terminal.handlers['portfolio.get'] = ({ quote }) => report(quote === 'USDT' ? '100' : '0.002')
    const store = usePortfolioStore()
    await store.load()
    expect(store.report?.total).toBe('100')
    store.quote = 'BTC'
    await nextTick()
    await Promise.resolve()
    store.scope = 'all'
    await nextTick()
    await new Promise((r) => setTimeout(r, 0))
    expect(terminal.callsOf('portfolio.get')).toEqual([
      { quote: 'USDT', scope: 'profile' },
      { quote: 'BTC', scope: 'profile' },
      { quote: 'BTC', scope: 'all' },
    ])
    expect(store.report?.total).toBe('0.002')
  })

  it('an answer asked for before a switch is never shown; the figures clear at once and are read again', async () => {
    const terminal = freshSession()
    const slow = later<PortfolioReport>()
    const answers = [slow.promise, Promise.resolve(report('7'))]
    terminal.handlers['portfolio.get'] = () => answers.shift()!
    const store = usePortfolioStore()
    const first = store.load()
    useSessionStore().applyState(sessionState({ switchGeneration: 2, accountId: 2 }))
    await nextTick()
    expect(store.report).toBeNull()
    slow.resolve(report('999')) // the old session's figures arrive late
    await first
    await new Promise((r) => setTimeout(r, 0))
    expect(store.report?.total).toBe('7')
  })

  it('says why it could not read, and keeps nothing of another session', async () => {
    const terminal = freshSession()
    terminal.handlers['portfolio.get'] = () => {
      throw new Error('The exchange cannot be reached')
    }
    const store = usePortfolioStore()
    await store.load()
    expect(store.error).toBe('The exchange cannot be reached')
    expect(store.loading).toBe(false)
  })
})
