// `watch` in-process against the demo exchange's feed: JSON lines as things happen, until stopped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoExchange } from '../demo-exchange/server'
import { Session, startTestExchange } from '../demo-exchange/test/test-kit.test-util'
import { EXIT, runCli } from './run'

let demo: DemoExchange
beforeAll(async () => {
  demo = await startTestExchange({ feed: { tickerIntervalMs: 100 } })
})
afterAll(() => demo.close())

function watch(argv: string[]) {
  let stdout = ''
  let stderr = ''
  const stop = new AbortController()
  const done = runCli(['watch', ...argv], { env: {}, stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, stop: stop.signal })
  const lines = (): Record<string, unknown>[] =>
    stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
  return { done, stop: () => stop.abort(), lines, stderr: () => stderr }
}

const until = (check: () => boolean) => expect.poll(check, { timeout: 4_000, interval: 10 }).toBe(true)

describe('cli watch', () => {
  it('prints trades, the ticker and the kept book as JSON lines until stopped', async () => {
    const w = watch(['--pair', 'btc_usdt', '--base-url', demo.baseUrl, '--limit', '3'])
    await until(() => w.lines().some((l) => l.type === 'book' && l.state === 'live') && w.lines().some((l) => l.type === 'ticker'))
    const session = await Session.open(demo, 0)
    await session.order({ pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '50' })
    await until(() => w.lines().some((l) => l.type === 'trade'))
    w.stop()
    expect(await w.done).toBe(EXIT.ok)
    const lines = w.lines()
    expect(lines[0]).toMatchObject({ type: 'watching', pair: 'BTC_USDT', topics: ['trades', 'book', 'ticker'], url: demo.feedUrl })
    expect(lines.find((l) => l.type === 'trade')).toMatchObject({ pair: 'BTC_USDT', direction: 'buy', price: expect.stringMatching(/^\d+(\.\d+)?$/) })
    const book = lines.filter((l) => l.type === 'book' && l.state === 'live').at(-1)!
    expect((book.asks as unknown[]).length).toBe(3)
    expect((book.bids as unknown[]).length).toBe(3)
    expect(lines.every((l) => typeof l.at === 'string')).toBe(true)
  })

  it('--topics narrows what is printed and read', async () => {
    const w = watch(['--pair', 'ETH_USDT', '--feed-url', demo.feedUrl, '--topics', 'ticker'])
    await until(() => w.lines().filter((l) => l.type === 'ticker').length >= 2)
    w.stop()
    expect(await w.done).toBe(EXIT.ok)
    expect(w.lines().filter((l) => l.type === 'book' || l.type === 'trade')).toEqual([])
  })

  it('a pair the exchange does not list is refused at once, naming the pairs it does list; nothing is watched', async () => {
    const w = watch(['--pair', 'NOPE_USDT', '--base-url', demo.baseUrl])
    expect(await w.done).toBe(EXIT.rejectedLocally)
    const error = JSON.parse(w.stderr()).error
    expect(error.code).toBe('UNKNOWN_PAIR')
    expect(error.message).toMatch(/lists no pair "NOPE_USDT"; it lists .*BTC_USDT/)
    expect(w.lines()).toEqual([])
  })

  it('bad flags are usage errors, before anything connects', async () => {
    for (const [argv, message] of [
      [['--pair', 'BTC_USDT', '--base-url', demo.baseUrl, '--topics', 'trades,candles'], /--topics takes a comma-separated list of trades, book, ticker/],
      [['--pair', 'BTC_USDT', '--base-url', 'http://127.0.0.1:1/v2'], /does not end in \/api\/v3.*--feed-url/],
      [['--pair', 'BTC_USDT', '--feed-url', 'http://x/alp-ws'], /--feed-url must be a ws:\/\/ or wss:\/\/ URL/],
      [['--base-url', demo.baseUrl], /watch needs --pair/],
      [['--pair', 'BTC_USDT', '--feed-url', 'ws://me:hunter2@127.0.0.1:1/alp-ws'], /must not carry a user name or password/],
    ] as const) {
      const w = watch([...argv])
      expect(await w.done).toBe(EXIT.usage)
      expect(JSON.parse(w.stderr()).error.message).toMatch(message)
      expect(w.stderr()).not.toContain('hunter2')
    }
  })
})
