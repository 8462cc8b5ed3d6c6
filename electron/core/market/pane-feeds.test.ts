// The extra chart panes' feeds against the real demo exchange: each pane's candles come as events
// tagged with its pane and profile session, a replaced pane's old feed says nothing more, the main
// market is untouched, and only panes 1–3 exist.
import { describe, expect, it } from 'vitest'
import { methodInputs } from '../../domain/api/api'
import { next, useTerminalHarness } from '../test/terminal-harness.test-util'

describe('chart pane feeds', () => {
  const h = useTerminalHarness()

  it("answers a pane's own snapshot and streams its candles tagged with the pane, beside the main market", async () => {
    const core = await h.open()
    const main = await core.call('market.subscribe', { pair: 'BTC_USDT', interval: '1' })
    const pane = await core.call('market.paneSubscribe', { pane: 2, pair: 'ETH_USDT', interval: '5' })
    expect(pane.pane).toBe(2)
    expect(pane.pair).toBe('ETH_USDT')
    expect(pane.candles.length).toBeGreaterThan(0)
    expect(pane.session).toEqual(main.session)
    const event = await next(core, 'market.paneCandles', (p) => p.pane === 2)
    expect(event).toMatchObject({ pane: 2, pair: 'ETH_USDT', interval: '5', session: main.session })
    // the main market goes on as before
    const trades = await next(core, 'market.trades')
    expect(trades.pair).toBe('BTC_USDT')
  })

  it("a pane subscribed again to another pair: its old pair's candles never come again", async () => {
    const core = await h.open()
    await core.call('market.paneSubscribe', { pane: 1, pair: 'ETH_USDT', interval: '1' })
    await core.call('market.paneSubscribe', { pane: 1, pair: 'LTC_USDT', interval: '1' })
    const seen: string[] = []
    const stop = core.on('market.paneCandles', (p) => void seen.push(`${p.pane}|${p.pair}`))
    await next(core, 'market.paneCandles', (p) => p.pane === 1)
    await new Promise((r) => setTimeout(r, 300))
    stop()
    expect(seen.length).toBeGreaterThan(0)
    expect(new Set(seen)).toEqual(new Set(['1|LTC_USDT']))
    await core.call('market.paneUnsubscribe', { pane: 1 })
  })

  it("a pane in the main window and in a pop-out are two feeds: one window's unsubscribe never ends the other's", async () => {
    const core = await h.open()
    const popout = await core.call('market.paneSubscribe', { pane: 1, pair: 'ETH_USDT', interval: '1', holder: 'popout' })
    expect(popout.holder).toBe('popout')
    await core.call('market.paneSubscribe', { pane: 1, pair: 'LTC_USDT', interval: '1' })
    // The main window hides its pane 1 (its cell shows the placeholder): the pop-out's feed goes on.
    await core.call('market.paneUnsubscribe', { pane: 1 })
    const event = await next(core, 'market.paneCandles', (p) => p.pane === 1)
    expect(event).toMatchObject({ pane: 1, holder: 'popout', pair: 'ETH_USDT' })
    const seen: string[] = []
    const stop = core.on('market.paneCandles', (p) => void seen.push(`${p.holder}|${p.pair}`))
    await next(core, 'market.paneCandles', (p) => p.pane === 1)
    stop()
    expect(new Set(seen)).toEqual(new Set(['popout|ETH_USDT']))
  })

  it("a pop-out's pane feed ends when its pop-out leaves the list, though its window said nothing", async () => {
    const core = await h.open()
    await core.call('popouts.open', { panel: 'chart', pane: 2, pair: 'ETH_USDT', interval: '1' })
    await core.call('market.paneSubscribe', { pane: 2, pair: 'ETH_USDT', interval: '1', holder: 'popout' })
    await core.call('market.paneSubscribe', { pane: 3, pair: 'LTC_USDT', interval: '1' })
    await next(core, 'market.paneCandles', (p) => p.pane === 2)
    await core.call('popouts.close', { panel: 'chart', pane: 2 })
    const seen: number[] = []
    const stop = core.on('market.paneCandles', (p) => void seen.push(p.pane))
    // The main window's pane 3 goes on streaming; the pop-out's pane 2 says nothing more.
    await next(core, 'market.paneCandles', (p) => p.pane === 3)
    await next(core, 'market.paneCandles', (p) => p.pane === 3)
    stop()
    expect(seen).not.toContain(2)
  })

  it('takes panes 1 to 3 only', () => {
    const input = methodInputs['market.paneSubscribe']
    expect(input.safeParse({ pane: 0, pair: 'BTC_USDT', interval: '1' }).success).toBe(false)
    expect(input.safeParse({ pane: 4, pair: 'BTC_USDT', interval: '1' }).success).toBe(false)
    expect(input.safeParse({ pane: 1.5, pair: 'BTC_USDT', interval: '1' }).success).toBe(false)
    expect(input.safeParse({ pane: 3, pair: 'btc', interval: '1' }).success).toBe(false)
    expect(input.safeParse({ pane: 3, pair: 'BTC_USDT', interval: '1' }).success).toBe(true)
    expect(input.safeParse({ pane: 3, pair: 'BTC_USDT', interval: '1', holder: 'popout' }).success).toBe(true)
    expect(input.safeParse({ pane: 3, pair: 'BTC_USDT', interval: '1', holder: 'other' }).success).toBe(false)
  })
})
