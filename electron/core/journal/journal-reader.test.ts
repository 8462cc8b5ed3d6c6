// The journal read from an exchange (a fake client): the pairs from the order history, the fills of
// each, the candles of each trade's time, the positions and the notes put together; what cannot be
// read said, never dropped silently.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ExchangeClient, CandlesQuery, HistoryQuery } from '../exchange/client'
import type { Candle, FillRecord, OrderRecord } from '../../domain/wire/wire'
import { openPosition } from '../../domain/protection/step'
import { PLAN } from '../../domain/test/position-plan.test-util'
import { createJournalPictureStore } from '../storage/journal-picture-store'
import { createTradePictures } from './journal-pictures'
import { LOOKBACK_MS, readJournal } from './journal-reader'
import { renderTradePicture } from './trade-picture'

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0)
const NOW = T0 + 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()
const fill = (side: 'BID' | 'ASK', amount: string, price: string, fee: string, at: number, pair = 'BTC_USDT'): FillRecord =>
  ({ pair, side, amount, price, fee_amount: fee, fee_currency: 'USDT', date: iso(at), type: 'LIMIT', wallet_type: 'SPOT', currency: null }) as FillRecord
const order = (id: number, pair: string): OrderRecord => ({ id, pair, amount: '1', amount_filled: id === 3 ? '0' : '1', side: 'BID', status: 'FILLED', type: 'LIMIT' }) as OrderRecord

function fakeClient(over: { fills?: Record<string, FillRecord[] | Error>; candles?: (q: CandlesQuery) => Candle[] }) {
  const asked: { fills: (HistoryQuery & { pair: string })[]; candles: CandlesQuery[]; orders: HistoryQuery[] } = { fills: [], candles: [], orders: [] }
  const client = {
    accountOrders: async (q: HistoryQuery) => (asked.orders.push(q), [order(1, 'BTC_USDT'), order(2, 'ETH_USDT'), order(3, 'BTC_USDT')]),
    accountTrades: async (q: HistoryQuery & { pair: string }) => {
      asked.fills.push(q)
      const answer = over.fills?.[q.pair] ?? []
      if (answer instanceof Error) throw answer
      return answer
    },
    accountActivity: async () => [],
    pairs: async () => [{ name: 'BTC_USDT', minimum_order_size: '0.0001' }],
    candles: async (q: CandlesQuery) => (asked.candles.push(q), over.candles?.(q) ?? []),
  } as unknown as ExchangeClient
  return { client, asked }
}

const { position } = openPosition({ ...PLAN, stop: { price: '95', limit: '94' }, plannedFees: { entryRate: '0.001', exitRate: '0.001' } })

describe('readJournal', () => {
  it('the pairs of the order history, each pair’s fills from a lookback before the period, the candles of the trade, R by hand', async () => {
    const { client, asked } = fakeClient({
      fills: { BTC_USDT: [fill('BID', '1', '100', '0.1', T0), fill('ASK', '1', '110', '0.11', T0 + 150_000)] },
      candles: (q) => [
        { time: q.since!, open: 100, close: 101, low: 96, high: 104, volume: 1 },
        { time: q.since! + 60, open: 101, close: 110, low: 100, high: 113, volume: 1 },
      ],
    })
    // the position's entry order is the fill's one order: found by the fill's `order_id`
    const p = { ...position, state: 'closed' as const, closedBy: 'target' as const, legs: [{ ...position.legs[0]!, orderId: '41' }] }
    const withOrder = { BTC_USDT: [{ ...fill('BID', '1', '100', '0.1', T0), order_id: 41 }, fill('ASK', '1', '110', '0.11', T0 + 150_000)] }
    const answer = await readJournal(
      {
        client: fakeClient({ ...{ fills: withOrder }, candles: (q) => [{ time: q.since! + 60, open: 0, close: 0, low: 96, high: 113, volume: 0 }] }).client,
        accountId: 7,
        positions: async () => ({ positions: [p], warning: null }),
        notes: async () => ({ notes: { [`BTC_USDT|SPOT|${T0}`]: { tags: ['A'], note: 'ok' } }, warning: null }),
        now: NOW,
      },
      {},
    )
    // net = 110 − 0.11 − 100.1 = 9.79; risk = 5 + 0.1 + 0.095 = 5.195; R = 9.79 ÷ 5.195 = 1.88450433(1…)
    // MAE 100 − 96 = 4 (0.76997113 R), MFE 113 − 100 = 13 (2.50240616 R)
    expect(answer.trades).toHaveLength(1)
    expect(answer.trades[0]).toMatchObject({ net: '9.79', risk: '5.195', r: '1.88450433', mae: '4', maeR: '0.76997113', mfe: '13', mfeR: '2.50240616', exitReason: 'target', tags: ['A'], note: 'ok' })
    expect(answer).toMatchObject({ accountId: 7, from: NOW - 30 * 86_400_000, to: NOW, open: 0, problems: [] })

    await readJournal({ client, accountId: 7, positions: async () => ({ positions: [], warning: null }), notes: async () => ({ notes: {}, warning: null }), now: NOW })
    // the orders and each pair's fills from the lookback before the period: two 30-day windows each
    const start = (q: HistoryQuery) => Date.parse(String(q.start_time))
    expect(start(asked.orders.at(-1)!)).toBe(NOW - 30 * 86_400_000 - LOOKBACK_MS)
    expect(asked.fills.map((q) => q.pair)).toEqual(['BTC_USDT', 'BTC_USDT', 'ETH_USDT', 'ETH_USDT'])
    expect(start(asked.fills.at(-1)!)).toBe(NOW - 30 * 86_400_000 - LOOKBACK_MS)
    // one request of 1-minute candles from the trade's first minute to its close
    expect(asked.candles).toEqual([{ pair: 'BTC_USDT', interval: '1', since: T0 / 1000, until: (T0 + 150_000) / 1000, limit: 500 }])
  })

  it('says what it could not read: a pair’s fills, the candles, a damaged positions or notes file', async () => {
    const { client } = fakeClient({
      fills: { BTC_USDT: [fill('BID', '1', '100', '0', T0), fill('ASK', '1', '101', '0', T0 + 1000)], ETH_USDT: new Error('boom') },
      candles: () => {
        throw new Error('down')
      },
    })
    const answer = await readJournal({
      client,
      accountId: 7,
      positions: async () => ({ positions: [], warning: 'The positions file was damaged' }),
      notes: async () => ({ notes: {}, warning: 'The journal’s notes file was damaged' }),
      now: NOW,
    })
    expect(answer.problems).toEqual([
      expect.stringMatching(/^the fills of ETH_USDT could not be read \(.*boom\): its trades are missing$/),
      'The positions file was damaged',
      'The journal’s notes file was damaged',
    ])
    expect(answer.trades[0]).toMatchObject({ mae: null, excursionNote: 'the candles could not be read (Unexpected error: down)', r: null, rNote: 'no planned stop' })
  })

  it('one pair asked: only its fills are read; a range the exchange cannot serve is refused', async () => {
    const { client, asked } = fakeClient({})
    await readJournal({ client, accountId: 7, positions: async () => ({ positions: [], warning: null }), notes: async () => ({ notes: {}, warning: null }), now: NOW }, { pair: 'ETH_USDT' })
    expect(asked.orders).toEqual([])
    expect(new Set(asked.fills.map((q) => q.pair))).toEqual(new Set(['ETH_USDT']))
    await expect(
      readJournal({ client, accountId: 7, positions: async () => ({ positions: [], warning: null }), notes: async () => ({ notes: {}, warning: null }), now: NOW }, { from: NOW, to: NOW - 1 }),
    ).rejects.toMatchObject({
      code: 'INVALID_RANGE',
    })
  })

  it('makes a closed trade’s picture once, from the candles of its time: a second read finds it saved and renders nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'journal-reader-pictures-'))
    try {
      const { client } = fakeClient({
        fills: { BTC_USDT: [fill('BID', '1', '100', '0', T0), fill('ASK', '1', '104', '0', T0 + 180_000)] },
        candles: (q) => [0, 1, 2].map((i) => ({ time: q.since! + i * 60, open: 100, close: 101 + i, low: 99, high: 105, volume: 1 })),
      })
      const store = createJournalPictureStore(dir)
      const rendered: number[][] = []
      const render = async (trade: Parameters<typeof renderTradePicture>[0], candles: Parameters<typeof renderTradePicture>[1]) => {
        rendered.push(candles.map((c) => c.close))
        return renderTradePicture(trade, candles)
      }
      const read = () =>
        readJournal({
          client,
          accountId: 7,
          positions: async () => ({ positions: [], warning: null }),
          notes: async () => ({ notes: {}, warning: null }),
          now: NOW,
          pictures: createTradePictures({ store, exchange: 'demo', accountId: 7, render }),
        })
      const first = await read()
      expect(first.trades[0]).toMatchObject({ picture: 'saved', pictureNote: null })
      // the candles wholly inside the trade's three minutes, the same its MAE and MFE read
      expect(rendered).toEqual([[101, 102, 103]])
      const saved = await store.read('demo', 7, first.trades[0]!.id)
      expect(saved?.svg).toContain('Exit 104')
      const second = await read()
      expect(second.trades[0]).toMatchObject({ picture: 'saved', pictureNote: null })
      expect(rendered).toHaveLength(1)
      expect((await store.read('demo', 7, first.trades[0]!.id))?.svg).toBe(saved?.svg)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
