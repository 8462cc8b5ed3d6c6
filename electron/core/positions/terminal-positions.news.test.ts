// A position's news through the terminal: a gapped stop is a `notice` of its own ("position") in the
// window always, and a desktop notification (the host's `notify`, Electron's Notification) only once
// the trader turned the positions' notifications on.
import { describe, expect, it, vi } from 'vitest'
import type { Notice } from '../../domain/api/api'
import { Decimal } from '../../domain/decimal'
import { driveDemo } from './test/demo-price.test-util'
import { useTerminalHarness } from '../test/terminal-harness.test-util'

describe('a position’s news', () => {
  const h = useTerminalHarness(17, { admin: true })

  it('is a notice in the window always, and on the desktop only where the trader turned it on', async () => {
    const desktop: Notice[] = []
    const core = await h.open(h.dataDir, { notify: (n: Notice) => desktop.push(n), keeperPollMs: 100 })
    const window: Notice[] = []
    core.on('notice', (n) => window.push(n))
    const last = new Decimal((await core.call('market.ticker', { pair: 'BTC_USDT' }))[0]!.last!).toDecimalPlaces(0)
    const stop = last.minus(400)
    const limit = stop.minus(20)
    const held = async (stopFallback: 'hold') =>
      (await core.call('positions.protect', { pair: 'BTC_USDT', side: 'BUY', entry: { type: 'HELD', amount: '0.001' }, stopLoss: stop.toFixed(), stopLimit: limit.toFixed(), stopFallback })).position!
    const first = await held('hold')
    await vi.waitFor(async () => expect((await core.call('positions.list', undefined)).find((p) => p.id === first.id)?.legs[0]?.status).toBe('resting'), { timeout: 5_000 })

    await driveDemo(h.demo, limit.minus(500).toFixed())
    await vi.waitFor(() => expect(window.map((n) => `${n.kind}: ${n.body}`)).toContainEqual(expect.stringMatching(/^position: The stop gapped: the market \([\d.]+\) is [\d.]+ % below its limit/)), {
      timeout: 5_000,
    })
    expect(window.find((n) => n.kind === 'position')?.title).toBe('BTC/USDT long (Demo)')
    expect(desktop.filter((n) => n.kind === 'position')).toEqual([]) // off unless turned on

    await core.call('prefs.set', { positionNotifications: true })
    await core.call('positions.close', { id: first.id })
    await vi.waitFor(() => expect(desktop.map((n) => n.body)).toContainEqual(expect.stringMatching(/^Ended: closed/)), { timeout: 15_000 })
    // nothing secret in what the desktop is told: pair, prices, amounts and words only
    const { apiKey, apiSecret } = h.demo.accounts[0]!
    for (const n of desktop) expect(`${n.title} ${n.body}`).not.toMatch(new RegExp(`${apiKey}|${apiSecret}`))
  }, 30_000)
})
