// The account feed with the live feed's private frames: what the window is sent, and when.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AccountSnapshot } from '../../domain/api/api'
import type { Balance } from '../../domain/wire/wire'
import type { ExchangeClient } from '../exchange/client'
import { createAccountFeed, RECONCILE_MS } from './account-feed'
import type { WalletEvent } from './account-frames'

const OWN = 7
const SUB = 8
const row = (account: number, amount: string): Balance => ({ account_id: account, currency: 'BTC', wallet_type: 'SPOT', balance: amount, reserve: '0', last_update_at: '2023-11-14T00:00:00.000Z' })
const wallet = (amount: string, currency = 'BTC'): WalletEvent => ({ kind: 'wallet', time: 1_700_000_000, code: currency, walletType: 'SPOT', currency, balance: amount, reserve: '0' })
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** A client whose balances answer is whatever `server.btc` says when the read is answered; reads can be held. */
function setup(opts: { accountId?: number; current?: () => boolean; reconcileMs?: number | 'default' } = {}) {
  const server = { btc: '1', reads: 0, hold: null as Promise<void> | null }
  const log: string[] = []
  const client = {
    balances: async () => {
      server.reads += 1
      log.push('read')
      const answer = [row(opts.accountId ?? OWN, server.btc)]
      if (server.hold) await server.hold
      return answer
    },
    feeInfo: async () => [],
    recentOrders: async () => [],
  } as unknown as ExchangeClient
  const emitted: AccountSnapshot[] = []
  const feed = createAccountFeed({
    client,
    switchGeneration: 3,
    accountId: opts.accountId ?? OWN,
    ownAccountId: OWN,
    isCurrent: opts.current ?? (() => true),
    emit: (s) => {
      emitted.push(s)
      log.push(`show ${s.balances[0]?.balance}`)
    },
    notify: () => undefined,
    intervalMs: 60_000,
    ...(opts.reconcileMs === 'default' ? {} : { reconcileMs: opts.reconcileMs ?? 5 }),
  })
  const shown = () => emitted.map((s) => s.balances[0]?.balance)
  return { server, feed, emitted, shown, log }
}

/** Lets a read kicked by the frames run to its end. */
async function settle() {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 5))
}

describe('account feed on private frames', () => {
  afterEach(() => vi.useRealTimers())

  it('sends a burst of frames as one snapshot with the last numbers, before any read', async () => {
    const { server, feed, log } = setup()
    await feed.fetch()
    log.length = 0
    server.btc = '4'
    feed.applyFrame(wallet('2'))
    feed.applyFrame(wallet('3'))
    feed.applyFrame(wallet('4'))
    expect(log).toEqual([]) // not one emit per frame
    await settle()
    // the window had the numbers before the reconciling read began
    expect(log).toEqual(['show 4', 'read', 'show 4'])
    feed.stop()
  })

  it('starts the reconciling read RECONCILE_MS after the frames were shown, not while the window draws them', async () => {
    const { server, feed, log } = setup({ reconcileMs: 'default' })
    await feed.fetch()
    await settle() // the poller's first read
    log.length = 0
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    server.btc = '2'
    feed.applyFrame(wallet('2'))
    await turn()
    expect(log).toEqual(['show 2'])
    await vi.advanceTimersByTimeAsync(RECONCILE_MS - 1)
    expect(log).toEqual(['show 2'])
    await vi.advanceTimersByTimeAsync(1)
    expect(log).toEqual(['show 2', 'read', 'show 2'])
    feed.stop()
  })

  it('follows with a REST read whose answer wins', async () => {
    const { server, feed, shown } = setup()
    await feed.fetch()
    server.btc = '5' // what the exchange really holds: the frame was not the last word
    feed.applyFrame(wallet('4'))
    await settle()
    expect(shown()).toEqual(['4', '5'])
    feed.stop()
  })

  it('lays frames that came during a read over its answer, so the number never steps back', async () => {
    const { server, feed, shown } = setup()
    await feed.fetch()
    let release = () => {}
    server.hold = new Promise<void>((resolve) => (release = resolve))
    const read = feed.fetch() // answered from the state before the frame
    await turn()
    server.btc = '6'
    feed.applyFrame(wallet('6'))
    await turn()
    server.hold = null
    release()
    expect((await read).balances[0]?.balance).toBe('6')
    await settle()
    expect(shown().length).toBeGreaterThan(1)
    expect(shown().every((b) => b === '6')).toBe(true)
    feed.stop()
  })

  it('does not patch a sub-account’s view from the key’s own frames, and reads it again', async () => {
    const { server, feed, shown } = setup({ accountId: SUB })
    await feed.fetch()
    const reads = server.reads
    feed.applyFrame(wallet('9'))
    await settle()
    expect(shown()).toEqual(['1']) // only the REST answer, of the sub-account
    expect(server.reads).toBeGreaterThan(reads)
    feed.stop()
  })

  it('shows nothing for a frame it cannot place (unknown currency, bad amount) and reads REST instead', async () => {
    const { server, feed, shown } = setup()
    await feed.fetch()
    const reads = server.reads
    feed.applyFrame(wallet('9', 'ETH'))
    feed.applyFrame(wallet('-1'))
    await settle()
    expect(server.reads).toBeGreaterThan(reads)
    expect(shown()).toEqual(['1']) // only what REST says
    feed.stop()
  })

  it('reads at once when one frame of a burst could not be shown, after showing the others', async () => {
    const { server, feed, log } = setup()
    await feed.fetch()
    log.length = 0
    server.btc = '2'
    feed.applyFrame(wallet('2'))
    feed.applyFrame(wallet('9', 'ETH')) // a currency the snapshot has no row for
    await turn()
    expect(log.slice(0, 2)).toEqual(['show 2', 'read']) // the read did not wait for reconcileMs
    feed.stop()
  })

  it('sends nothing once its session is left in the middle of a burst', async () => {
    let current = true
    const { feed, emitted } = setup({ current: () => current })
    await feed.fetch()
    feed.applyFrame(wallet('2'))
    current = false // an account switch: the next generation's feed takes over
    feed.applyFrame(wallet('3'))
    await settle()
    expect(emitted).toEqual([])
    feed.stop()
  })

  it('sends nothing after it was stopped, even for frames already taken', async () => {
    const { feed, emitted } = setup()
    await feed.fetch()
    feed.applyFrame(wallet('2'))
    feed.stop()
    await settle()
    expect(emitted).toEqual([])
  })

  it('confirms frames that come in over several turns with one read', async () => {
    const { server, feed, shown } = setup()
    await feed.fetch()
    const reads = server.reads
    server.btc = '3'
    feed.applyFrame(wallet('2'))
    await turn()
    feed.applyFrame(wallet('3'))
    await settle()
    expect(shown()).toEqual(['2', '3', '3'])
    expect(server.reads).toBe(reads + 1)
    feed.stop()
  })

  it('reads at once after an order of the terminal, or once soon when frames flow and a frame will show it', async () => {
    const { server, feed } = setup()
    await feed.fetch()
    let reads = server.reads
    feed.afterOrder() // no frame has come (no feed): the read is the only news
    await turn()
    expect(server.reads).toBe(reads + 1)
    reads = server.reads
    feed.applyFrame(wallet('2'))
    await turn()
    feed.afterOrder() // the frames and the order's answer: one read confirms them all
    await turn()
    expect(server.reads).toBe(reads)
    await settle()
    expect(server.reads).toBe(reads + 1)
    feed.stop()
  })

  it('keeps the generation it was started for on every patched snapshot', async () => {
    const { feed, emitted } = setup()
    await feed.fetch()
    feed.applyFrame(wallet('2'))
    await turn()
    expect(emitted[0]?.switchGeneration).toBe(3)
    feed.stop()
  })
})
