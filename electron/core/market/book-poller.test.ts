import { describe, expect, it } from 'vitest'
import { startBookPoller } from './book-poller'
import type { BookEventPayload } from '../../domain/api/history-api'
import { TerminalError } from '../../domain/errors'

const flush = () => new Promise((r) => setTimeout(r, 0))

function manualTimer() {
  const pending: (() => void)[] = []
  return {
    setTimer: (fn: () => void) => {
      pending.push(fn)
      return { cancel: () => void pending.splice(pending.indexOf(fn), 1) }
    },
    fire: () => pending.shift()?.(),
  }
}

describe('the polled book', () => {
  it('emits the book at once, then a failed read as no book with the reason, never the old book', async () => {
    const answers: (() => Promise<unknown>)[] = [
      async () => ({ buy: [{ price: '99', amount: '1' }], sell: [{ price: '101', amount: '2' }] }),
      async () => {
        throw new TerminalError({ kind: 'network', code: 'NETWORK', message: 'connection reset' })
      },
    ]
    const seen: BookEventPayload[] = []
    const timer = manualTimer()
    const asked: unknown[] = []
    const source = startBookPoller('BTC_USDT', {
      client: { orderbook: (q) => (asked.push(q), answers.shift()!()) as never },
      emit: (p) => seen.push(p),
      now: () => 5,
      setTimer: timer.setTimer,
    })
    await flush()
    expect(seen[0]).toEqual({ pair: 'BTC_USDT', book: { buy: [{ price: '99', amount: '1' }], sell: [{ price: '101', amount: '2' }] }, doubt: null, fetchedAt: 5, source: 'poll' })
    expect(asked[0]).toEqual({ pair: 'BTC_USDT', limit_buy: 100, limit_sell: 100 })
    timer.fire()
    await flush()
    expect(seen[1]).toMatchObject({ book: null, doubt: expect.stringContaining('connection reset') })
    source.stop()
  })

  it('says nothing once stopped, even for a read already under way', async () => {
    let release: (v: unknown) => void = () => {}
    const seen: BookEventPayload[] = []
    const source = startBookPoller('BTC_USDT', {
      client: { orderbook: () => new Promise((r) => (release = r)) as never },
      emit: (p) => seen.push(p),
      setTimer: manualTimer().setTimer,
    })
    source.stop()
    release({ buy: [], sell: [] })
    await flush()
    expect(seen).toEqual([])
  })
})
