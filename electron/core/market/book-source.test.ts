// The book the window gets: from the feed's diffs while the feed is live, nothing (with the reason)
// while that book is in doubt, from polls while the feed is not live, and at most one event per
// emit interval whatever the diff rate. The feed here is a fake that sends exactly what the test
// pushes; the demo's real feed is in terminal-book.test.ts.
import { afterEach, describe, expect, it } from 'vitest'
import type { FeedMode } from '../../domain/api/api'
import type { BookEventPayload } from '../../domain/api/history-api'
import type { OrderBook } from '../../domain/wire/wire'
import { startBookSource } from './book-source'
import { diffEvent, fakeLive, snapshotEvent, type FakeLive } from '../live/test/fake-live.test-util'
import type { FeedEvent } from '../live/frames'

const PAIR = 'BTC_USDT'
const EMIT_MS = 10
const REST: OrderBook = { buy: [{ price: '90', amount: '1' }], sell: [{ price: '110', amount: '1' }] }
const stops: (() => void)[] = []
afterEach(() => stops.splice(0).forEach((stop) => stop()))

function start(mode: FeedMode | null, rest: () => Promise<OrderBook> = async () => REST) {
  const live = mode === null ? null : fakeLive(mode)
  const seen: BookEventPayload[] = []
  const reads: unknown[] = []
  const source = startBookSource(PAIR, {
    client: { orderbook: (q) => (reads.push(q), rest()) },
    live,
    emit: (p) => seen.push(p),
    emitMs: EMIT_MS,
    pollMs: 40,
    recheckMs: 60_000,
  })
  stops.push(() => source.stop())
  const last = () => seen.at(-1)
  return { live: live as FakeLive, seen, reads, last, source }
}

const until = (check: () => boolean) => expect.poll(check, { timeout: 3_000, interval: 5 }).toBe(true)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const bids = (p: BookEventPayload | undefined) => p?.book?.buy.map((l) => `${l.price}:${l.amount}`)
const snapshot = () =>
  snapshotEvent(
    PAIR,
    [['101', '2']],
    [
      ['99', '1'],
      ['98', '3'],
    ],
  )
const order = (id: string, price: string, status = 'OPEN', left = '0.5'): FeedEvent => ({
  kind: 'order',
  time: 0,
  order: {
    id,
    pair: PAIR,
    side: 'BID',
    type: 'LIMIT',
    baseAmount: '0.5',
    limitPrice: price,
    amountUnfilled: left,
    amountFilled: '0',
    amountCancelled: '0',
    valueFilled: '0',
    priceAvg: null,
    doneAt: null,
    status,
    quoteAmount: null,
    walletType: 'SPOT',
    stopPrice: null,
    stopOperator: null,
  },
})

describe('the book source on a live feed', () => {
  it('builds the book from the snapshot and the diffs, and says it came from the feed', async () => {
    const { live, last, reads } = start('live')
    expect(live.topics).toContain(`diff.${PAIR}`)
    live.push(snapshot())
    live.push(
      diffEvent(
        PAIR,
        [],
        [
          ['99', '0'],
          ['97.5', '4'],
        ],
      ),
    )
    await until(() => last()?.book !== null && last()?.book !== undefined)
    expect(last()).toMatchObject({ pair: PAIR, doubt: null, source: 'feed' })
    expect(bids(last())).toEqual(['98:3', '97.5:4'])
    expect(last()!.book!.sell).toEqual([{ price: '101', amount: '2' }])
    expect(reads).toEqual([]) // nothing polled while the feed serves
  })

  it('sends at most one book per interval at hundreds of diffs a second, and the newest one', async () => {
    const { live, seen, last } = start('live')
    live.push(snapshot())
    await until(() => seen.length === 1)
    const began = Date.now()
    for (let i = 0; i < 300; i++) {
      live.push(diffEvent(PAIR, [], [['95', String(i + 1)]]))
      if (i % 10 === 9) await sleep(1)
    }
    const spent = Date.now() - began
    await sleep(EMIT_MS * 3)
    const sent = seen.length - 1
    expect(sent).toBeGreaterThan(0)
    expect(sent).toBeLessThanOrEqual(Math.ceil(spent / EMIT_MS) + 1)
    expect(bids(last())).toContain('95:300')
  })

  it('a gap the book can see (a diff removes a level it never had): no book until the re-read', async () => {
    const { live, seen, last } = start('live')
    live.push(snapshot())
    await until(() => last()?.book != null)
    live.push(diffEvent(PAIR, [], [['96', '0']])) // 96 was never there: a diff went missing
    await until(() => last()?.book === null)
    expect(last()!.doubt).toMatch(/Re-reading the book: .*96/)
    expect(live.resubscribed).toBe(1)
    const doubtAt = seen.length - 1
    live.push(diffEvent(PAIR, [], [['95', '1']])) // applied to nothing: still in doubt
    await sleep(EMIT_MS * 3)
    expect(seen.slice(doubtAt).every((p) => p.book === null)).toBe(true)
    live.push(
      snapshotEvent(
        PAIR,
        [['101', '2']],
        [
          ['99', '1'],
          ['95', '1'],
        ],
      ),
    )
    await until(() => last()?.book != null)
    expect(bids(last())).toEqual(['99:1', '95:1'])
  })

  it('a malformed frame (it may have been a diff): no book until the re-read', async () => {
    const { live, last } = start('live')
    live.push(snapshot())
    await until(() => last()?.book != null)
    live.malformed('d frame: [3] expected array')
    await until(() => last()?.book === null)
    expect(last()!.doubt).toMatch(/malformed/)
    live.push(snapshot())
    await until(() => last()?.book != null)
  })

  it('the trader’s own order missing from the book (its diff was lost): no book until the re-read', async () => {
    const { live, last, seen } = start('live')
    live.push(snapshot())
    await until(() => last()?.book != null)
    live.push(order('7', '98.5')) // the order frame came; the diff that puts it in the book did not
    await until(() => last()?.book === null)
    expect(last()!.doubt).toMatch(/your order at 98\.5 is not in the book/)
    const doubtAt = seen.length - 1
    live.push(
      snapshotEvent(
        PAIR,
        [['101', '2']],
        [
          ['99', '1'],
          ['98.5', '0.5'],
        ],
      ),
    )
    await until(() => last()?.book != null)
    expect(bids(last())).toEqual(['99:1', '98.5:0.5'])
    expect(seen.slice(doubtAt, -1).every((p) => p.book === null)).toBe(true)
    // an own order whose diff did come is no doubt, nor is one that is gone
    live.push(order('8', '97'))
    live.push(diffEvent(PAIR, [], [['97', '0.5']]))
    live.push(order('7', '98.5', 'CANCELLED', '0'))
    live.push(diffEvent(PAIR, [], [['98.5', '0']]))
    await sleep(700)
    expect(last()).toMatchObject({ doubt: null })
    expect(bids(last())).toEqual(['99:1', '97:0.5'])
  })
})

describe('the book source without a live feed', () => {
  it('polls where there is no feed at all (disabled)', async () => {
    const { seen, reads } = start(null)
    await until(() => seen.length >= 2)
    expect(seen[0]).toMatchObject({ book: REST, doubt: null, source: 'poll' })
    expect(reads[0]).toEqual({ pair: PAIR, limit_buy: 100, limit_sell: 100 })
  })

  it('polls while the feed is not live, takes the feed’s book when it is, and polls again when it is lost', async () => {
    const { live, seen, last, reads } = start('polling')
    await until(() => last()?.source === 'poll' && last()?.book != null)
    live.setMode('live') // connected: the poller stops, the feed's snapshot follows
    await until(() => last()?.source === 'feed')
    const polled = reads.length
    live.push(snapshot())
    await until(() => last()?.book != null && last()?.source === 'feed')
    expect(bids(last())).toEqual(['99:1', '98:3'])
    await sleep(120)
    expect(reads.length).toBeLessThanOrEqual(polled + 1) // a read already under way may finish; no more follow
    const lost = seen.length
    live.setMode('reconnecting')
    await until(() => last()?.source === 'poll' && last()?.book != null)
    // what came between: the feed's book no longer followed is never sent again
    expect(seen.slice(lost).every((p) => p.source === 'poll' || p.book === null)).toBe(true)
    expect(last()!.book).toEqual(REST)
    // back again: after a reconnect, no book from the feed until its fresh snapshot
    live.setMode('live')
    const back = seen.length
    live.push(diffEvent(PAIR, [], [['94', '1']]))
    await sleep(EMIT_MS * 4)
    expect(
      seen
        .slice(back)
        .filter((p) => p.source === 'feed')
        .every((p) => p.book === null),
    ).toBe(true)
    live.push(snapshot())
    await until(() => last()?.source === 'feed' && last()?.book != null)
  })
  it('sends the last book again for a window that subscribes while it runs, though nothing changed', async () => {
    const { live, seen, source } = start('live')
    live.push(snapshot())
    await until(() => seen.some((p) => p.book !== null))
    await sleep(EMIT_MS * 3)
    const before = seen.length
    source.again()
    expect(seen.length).toBe(before + 1)
    expect(seen.at(-1)).toEqual(seen.at(-2))
  })
})
