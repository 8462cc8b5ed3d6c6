// Switching profiles and accounts in the terminal core, against the real demo exchange (A) and a
// second one with another seed (B): whatever was asked for one session never shows in another.
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventName, EventPayloads, MarketSession } from '../../domain/api/api'
import { startDemoExchange, type DemoExchange } from '../../demo-exchange/server'
import { createExchangeClient, type ExchangeClient } from '../exchange/client'
import { useTerminalHarness } from '../test/terminal-harness.test-util'

/** A loopback URL where nothing listens: an exchange that is unreachable. */
async function deadBaseUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}/api/v3`
}

const MARKET_EVENTS = ['market.candles', 'market.trades', 'market.ticker', 'market.status'] as const

describe('terminal session switching', () => {
  const h = useTerminalHarness()
  let b: DemoExchange
  beforeAll(async () => {
    b = await startDemoExchange({ port: 0, seed: 23 })
  })
  afterAll(async () => {
    await b.close()
  })

  /**
   * A client whose `candles` calls with limit 7 to exchange A are held until `release()`: a slow
   * answer still on its way when the user switches. 'after': the request was answered but the
   * answer is late, and it ignores the abort, so only the terminal's own check can drop it.
   * 'before': the request waits to be sent, and records whether its abort signal fired meanwhile.
   */
  function holdingClients(mode: 'after' | 'before') {
    let release: () => void = () => undefined
    let holding: Promise<void> | null = null
    const seen = { signalAborted: null as boolean | null }
    const createClient = (options: Parameters<typeof createExchangeClient>[0]): ExchangeClient => {
      const real = createExchangeClient(options)
      if (options.baseUrl !== h.demo.baseUrl) return real
      return {
        ...real,
        candles: async (query, call) => {
          if (!holding || query.limit !== 7) return real.candles(query, call)
          if (mode === 'after') {
            const answer = await real.candles(query)
            await holding
            return answer
          }
          await holding
          seen.signalAborted = call?.signal?.aborted ?? false
          return real.candles(query, call)
        },
      }
    }
    return {
      createClient,
      seen,
      arm() {
        holding = new Promise<void>((r) => (release = r))
      },
      release: () => release(),
    }
  }

  async function addProfileB(core: Awaited<ReturnType<typeof h.open>>) {
    const master = b.accounts.find((a) => a.parentId === null)!
    return core.call('profiles.create', { name: 'Exchange B', baseUrl: b.baseUrl, apiKey: master.apiKey, apiSecret: master.apiSecret })
  }

  function recordMarketEvents(core: Awaited<ReturnType<typeof h.open>>) {
    const seen: Array<{ event: EventName; session: MarketSession; at: number }> = []
    let at = 0
    const disposers = MARKET_EVENTS.map((event) => core.on(event, (payload: EventPayloads[typeof event]) => seen.push({ event, session: payload.session, at })))
    return {
      seen,
      mark: () => (at += 1),
      stop: () => disposers.forEach((d) => d()),
    }
  }

  it('drops an answer asked for the previous profile that arrives after the switch, even when its request ignored the abort', async () => {
    const holder = holdingClients('after')
    const core = await h.open(h.freshDir(), { createClient: holder.createClient })
    const profileB = await addProfileB(core)
    const a = await core.call('session.get', undefined)
    holder.arm()
    const late = core.call('market.candles', { pair: 'BTC_USDT', interval: '1', limit: 7 })
    const lateResult = late.then(
      (value) => ({ value }),
      (error: { code?: string }) => ({ error }),
    )
    await new Promise((r) => setTimeout(r, 300)) // the request reached A and its answer is on its way
    const switched = await core.call('profiles.activate', { id: profileB.id })
    expect(switched.profile?.id).toBe(profileB.id)
    expect(switched.profileGeneration).toBeGreaterThan(a.profileGeneration)
    holder.release()
    const outcome = await lateResult
    expect(outcome).toMatchObject({ error: { code: 'ABORTED' } })
  })

  it('aborts the previous profile’s calls in flight, and tags every market event with its session; the old feed falls silent', async () => {
    const holder = holdingClients('before')
    const core = await h.open(h.freshDir(), { createClient: holder.createClient })
    const profileB = await addProfileB(core)
    const a = await core.call('session.get', undefined)
    holder.arm()
    const inFlight = core.call('market.candles', { pair: 'BTC_USDT', interval: '1', limit: 7 }).catch((error: { code?: string }) => error.code)
    const events = recordMarketEvents(core)
    const first = await core.call('market.subscribe', { pair: 'BTC_USDT', interval: '1' })
    expect(first.session).toEqual({ profileId: a.profile!.id, profileGeneration: a.profileGeneration })
    await new Promise((r) => setTimeout(r, 400))
    expect(events.seen.filter((e) => e.session.profileId === a.profile!.id).length).toBeGreaterThan(0)

    events.mark()
    const switched = await core.call('profiles.activate', { id: profileB.id })
    holder.release()
    expect(await inFlight).toBe('ABORTED')
    expect(holder.seen.signalAborted).toBe(true)
    const second = await core.call('market.subscribe', { pair: 'BTC_USDT', interval: '1' })
    expect(second.session).toEqual({ profileId: profileB.id, profileGeneration: switched.profileGeneration })
    // B's prices are its own: the two snapshots are different markets.
    expect(second.candles.at(-1)!.close).not.toBe(first.candles.at(-1)!.close)
    await new Promise((r) => setTimeout(r, 600))
    events.stop()
    const after = events.seen.filter((e) => e.at === 1)
    expect(after.length).toBeGreaterThan(0)
    expect(after.filter((e) => e.session.profileId !== profileB.id || e.session.profileGeneration !== switched.profileGeneration)).toEqual([])
  })

  it('an account switch keeps the market feed (same exchange) but drops an account snapshot asked before it', async () => {
    const core = await h.open(h.freshDir())
    const a = await core.call('session.get', undefined)
    await core.call('market.subscribe', { pair: 'ETH_USDT', interval: '5' })
    const view = a.accounts.find((n) => n.profileId === null)!
    const asked = core.call('account.snapshot', undefined).then(
      (value) => ({ value }),
      (error: { code?: string }) => ({ error }),
    )
    const switched = await core.call('accounts.select', { accountId: view.id })
    expect(switched.switchGeneration).toBeGreaterThan(a.switchGeneration)
    expect(switched.profileGeneration).toBe(a.profileGeneration)
    const outcome = await asked
    // Either it came back before the switch (then it is the old generation's, which the window drops)
    // or it was dropped here; it is never labelled with the new generation.
    if ('value' in outcome) expect(outcome.value.switchGeneration).toBe(a.switchGeneration)
    else expect(outcome.error.code).toBe('ABORTED')
    const market = await new Promise<EventPayloads['market.trades']>((resolve) => {
      const stop = core.on('market.trades', (p) => {
        stop()
        resolve(p)
      })
    })
    expect(market.session.profileGeneration).toBe(a.profileGeneration)
  })

  it('a late failure of the previous profile’s client does not paint the new profile’s light', async () => {
    // A's client makes one more request after the switch, to a port where nothing listens; its
    // "offline" report must not reach the light of B, which is online.
    const dead = await deadBaseUrl()
    let release: () => void = () => undefined
    const held = new Promise<void>((r) => (release = r))
    let late: Promise<unknown> | null = null
    const core = await h.open(h.freshDir(), {
      createClient: (options) => {
        const real = createExchangeClient(options)
        if (options.baseUrl !== h.demo.baseUrl) return real
        const stray = createExchangeClient({ ...options, baseUrl: dead, maxTries: 1 })
        return {
          ...real,
          candles: async (query, call) => {
            if (query.limit === 7) late = held.then(() => stray.candles(query)).catch(() => undefined)
            return real.candles(query, call)
          },
        }
      },
    })
    const profileB = await addProfileB(core)
    await core.call('market.candles', { pair: 'BTC_USDT', interval: '1', limit: 7 })
    expect(late).not.toBeNull()
    const switched = await core.call('profiles.activate', { id: profileB.id })
    expect(switched.connection.state).toBe('online')
    release()
    await late
    await new Promise((r) => setTimeout(r, 100))
    expect((await core.call('session.get', undefined)).connection.state).toBe('online')
  })

  it('an account snapshot asked while a switch is under way waits for it and is the new account’s', async () => {
    const core = await h.open(h.freshDir())
    const profileB = await addProfileB(core)
    const switching = core.call('profiles.activate', { id: profileB.id })
    const snapshot = await core.call('account.snapshot', undefined)
    const switched = await switching
    expect(snapshot.switchGeneration).toBe(switched.switchGeneration)
    const bIds = b.accounts.map((x) => x.id)
    expect(snapshot.balances.length).toBeGreaterThan(0)
    for (const row of snapshot.balances) expect(bIds).toContain(row.account_id)
  })

  it('switching to an unreachable exchange says so: offline, with no green light from the previous one', async () => {
    const core = await h.open(h.freshDir())
    const dead = await core.call('profiles.create', { name: 'Gone', baseUrl: await deadBaseUrl(), apiKey: 'k'.repeat(16), apiSecret: 's'.repeat(32) })
    await core.call('market.subscribe', { pair: 'BTC_USDT', interval: '1' })
    const lights: string[] = []
    const switched = await core.call('profiles.activate', { id: dead.id })
    core.on('session.changed', (s) => lights.push(s.connection.state))
    expect(switched.profile?.id).toBe(dead.id)
    expect(switched.connection.state).toBe('offline')
    expect(switched.connection.message).toMatch(/unreachable/i)
    await expect(core.call('market.subscribe', { pair: 'BTC_USDT', interval: '1' })).rejects.toMatchObject({ kind: 'network' })
    await new Promise((r) => setTimeout(r, 500))
    expect(lights).not.toContain('online')
    expect((await core.call('session.get', undefined)).connection.state).not.toBe('online')
  }, 30_000)

  it('switches between profiles and accounts without mixing their data, and without growing', async () => {
    const core = await h.open(h.freshDir())
    const sub = h.demo.accounts[1]!
    const subProfile = await core.call('profiles.create', { name: 'Sub one', baseUrl: h.demo.baseUrl, apiKey: sub.apiKey, apiSecret: sub.apiSecret })
    expect(subProfile).toMatchObject({ accountId: sub.id, apiKeyHint: sub.apiKey.slice(-4), isDemo: true })
    expect(JSON.stringify(subProfile)).not.toContain(sub.apiSecret)

    let session = await core.call('session.get', undefined)
    const master = session.profile!
    const tree = session.accounts
    expect(tree.find((a) => a.id === sub.id)?.profileId).toBe(subProfile.id)
    expect(tree.find((a) => a.id === h.demo.accounts[2]!.id)?.viewOnlyReason).toMatch(/view-only/)

    // Every account.changed seen must belong to the account selected at that generation.
    const selectedAt = new Map<number, number | null>()
    const mixed: string[] = []
    const dispose = core.on('account.changed', (s) => {
      if (!selectedAt.has(s.switchGeneration)) return
      const want = selectedAt.get(s.switchGeneration)
      for (const b of s.balances) if (b.account_id !== want) mixed.push(`gen ${s.switchGeneration}: balance of ${b.account_id} shown for ${want}`)
      for (const f of s.feeRules) if (f.account_id !== want) mixed.push(`gen ${s.switchGeneration}: fee rule of ${f.account_id} shown for ${want}`)
    })

    const heap: number[] = []
    for (let i = 0; i < 200; i++) {
      session = i % 2 === 0 ? await core.call('accounts.select', { accountId: sub.id }) : await core.call('profiles.activate', { id: master.id })
      selectedAt.set(session.switchGeneration, session.accountId)
      if (i % 2 === 0) expect(session.profile?.id).toBe(subProfile.id)
      const snap = await core.call('account.snapshot', undefined)
      for (const b of snap.balances) expect(b.account_id).toBe(session.accountId)
      for (const f of snap.feeRules) expect(f.account_id).toBe(session.accountId)
      if (i === 20 || i === 199) {
        global.gc?.()
        heap.push(process.memoryUsage().heapUsed)
      }
    }
    dispose()
    expect(mixed).toEqual([])
    expect(global.gc, 'run with --expose-gc (vitest.config.mts)').toBeTypeOf('function')
    expect(heap[1]! - heap[0]!).toBeLessThan(8 * 1024 * 1024)
  }, 60_000)
})
