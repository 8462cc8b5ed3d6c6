// @vitest-environment happy-dom
// The window's pop-outs, as the core keeps them: listed, opened with the chart's pair and interval,
// brought back; the web host's main window opens the kept ones again at its start (a refused one is
// said, with a click to open it); every window follows a pop-out's change of pair.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import type { Popout } from '@domain/popouts/popouts'
import { setTerminal } from '@/api'
import { fakeTerminal, sessionState, profileView, type FakeTerminal } from '../test/fake-terminal.test-util'
import { useSessionStore } from '../session/session'
import { useMarketStore } from '../market/market'
import { usePopoutsStore } from './popouts'
import { useChartsStore } from '../charts/charts'
import { usePrefsStore } from '../prefs'
import { DEFAULT_PREFERENCES } from '@domain/prefs/preferences'
import { useAnnouncerStore } from '../announcer'

const flush = () => new Promise((r) => setTimeout(r, 0))
const chart: Popout = { panel: 'chart', pane: 0, pair: 'BTC_USDT', interval: '60', bounds: null }

let terminal: FakeTerminal
let kept: Popout[]

beforeEach(async () => {
  setActivePinia(createPinia())
  kept = []
  const answer = () => ({ popouts: kept })
  terminal = fakeTerminal({
    'session.get': () => sessionState(),
    'profiles.list': () => [profileView()],
    'app.info': () => ({ name: 'T', version: '0.1.0', host: 'web', platform: 'linux', dataDir: '/d', keychain: { available: true } }),
    'popouts.list': () => ({ popouts: kept, warning: null }),
    'prefs.get': () => structuredClone(DEFAULT_PREFERENCES),
    'popouts.open': (input) => {
      kept = [...kept.filter((p) => p.panel !== input.panel || p.pane !== input.pane), { bounds: null, ...input }]
      return answer()
    },
    'popouts.close': (place) => {
      kept = kept.filter((p) => p.panel !== place.panel || p.pane !== place.pane)
      return answer()
    },
  })
  setTerminal(terminal)
  await useSessionStore().load()
  const market = useMarketStore()
  market.pair = 'BTC_USDT'
  market.interval = '60'
})

describe('the pop-outs store', () => {
  it('lists what the core keeps and says when its file was damaged', async () => {
    kept = [chart]
    terminal.handlers['popouts.list'] = () => ({ popouts: kept, warning: 'The pop-out windows file was damaged' })
    const store = usePopoutsStore()
    await store.load()
    expect(store.isOut({ panel: 'chart', pane: 0 })).toBe(true)
    expect(store.isOut({ panel: 'book', pane: 0 })).toBe(false)
    expect(store.warning).toMatch(/damaged/)
  })

  it('in the Electron app, opening asks the core only (its main process opens the window), with the chart’s pair and interval', async () => {
    const open = vi.spyOn(window, 'open')
    const store = usePopoutsStore()
    await store.load()
    await store.open({ panel: 'chart', pane: 0 })
    expect(terminal.callsOf('popouts.open')).toEqual([{ panel: 'chart', pane: 0, pair: 'BTC_USDT', interval: '60' }])
    expect(store.isOut({ panel: 'chart', pane: 0 })).toBe(true)
    expect(open).not.toHaveBeenCalled()
    await store.close({ ...chart })
    expect(terminal.callsOf('popouts.close')).toEqual([{ panel: 'chart', pane: 0 }])
    expect(store.isOut({ panel: 'chart', pane: 0 })).toBe(false)
    expect(useAnnouncerStore().messages.map((m) => m.text)).toEqual(['The chart is in a window of its own.', 'The chart is back in the main window.'])
  })

  it('the web host’s main window opens the kept pop-outs again at its start; one the browser refuses is marked, and a click opens it', async () => {
    kept = [chart, { ...chart, panel: 'book' }]
    terminal.popoutLink = async (place) => `http://127.0.0.1:1/?panel=${place.panel}&pane=${place.pane}&code=x`
    const replaced: string[] = []
    const open = vi.spyOn(window, 'open').mockImplementation((_url, name) => {
      if (name === 'popout-book-0') return null
      return { closed: false, location: { href: 'about:blank', replace: (url: string) => replaced.push(url) }, close: () => undefined, focus: () => undefined } as unknown as Window
    })
    const store = usePopoutsStore()
    await store.load()
    await store.restore()
    expect(open).toHaveBeenCalledTimes(2)
    expect(replaced).toEqual(['http://127.0.0.1:1/?panel=chart&pane=0&code=x'])
    expect(store.isBlocked({ panel: 'book', pane: 0 })).toBe(true)
    expect(store.isBlocked({ panel: 'chart', pane: 0 })).toBe(false)
    // brought back: no longer marked
    await store.close({ panel: 'book', pane: 0 })
    expect(store.isBlocked({ panel: 'book', pane: 0 })).toBe(false)
  })

  it('another window changed the pop-out’s pair: this window follows; its own change is told to the others', async () => {
    kept = [chart]
    const store = usePopoutsStore()
    await store.load()
    const market = useMarketStore()
    const setPair = vi.spyOn(market, 'setPair').mockResolvedValue()
    // a change of place only: nothing to follow
    terminal.emit('popouts.changed', { popouts: [{ ...chart, bounds: { x: 1, y: 2, width: 800, height: 600 } }] })
    expect(setPair).not.toHaveBeenCalled()
    terminal.emit('popouts.changed', { popouts: [{ ...chart, pair: 'ETH_USDT' }] })
    expect(setPair).toHaveBeenCalledWith('ETH_USDT')

    // this window's chart moves to LTC: the pop-out's entry says so, for the other windows
    market.pair = 'LTC_USDT'
    await nextTick()
    await flush()
    expect(terminal.callsOf('popouts.open')).toEqual([{ panel: 'chart', pane: 0, pair: 'LTC_USDT', interval: '60', follow: true }])
  })

  it('an answer that another window’s change overtook is not shown over it (the events are the newer list)', async () => {
    // This window's read left the core before another window popped the book out, and arrives after its event.
    let answerRead: (popouts: Popout[]) => void = () => undefined
    terminal.handlers['popouts.list'] = () => new Promise((resolve) => (answerRead = (popouts) => resolve({ popouts, warning: null })))
    const store = usePopoutsStore()
    const loading = store.load()
    await flush()
    const book: Popout = { ...chart, panel: 'book' }
    terminal.emit('popouts.changed', { popouts: [book] })
    answerRead([])
    await loading
    expect(store.isOut({ panel: 'book', pane: 0 })).toBe(true)
    expect(store.loaded).toBe(true)

    // This window pops its chart out; the book comes back from another window before the open's answer.
    terminal.handlers['popouts.open'] = async (input) => {
      const mine = { bounds: null, ...input }
      terminal.emit('popouts.changed', { popouts: [book, mine] })
      terminal.emit('popouts.changed', { popouts: [mine] })
      return { popouts: [book, mine] }
    }
    await store.open({ panel: 'chart', pane: 0 })
    expect(store.isOut({ panel: 'chart', pane: 0 })).toBe(true)
    expect(store.isOut({ panel: 'book', pane: 0 })).toBe(false)
  })

  it('an extra chart pane pops out showing its own pair and interval, follows them, and never moves the main market', async () => {
    await usePrefsStore().load()
    const store = usePopoutsStore()
    await store.load()
    const charts = useChartsStore()
    const market = useMarketStore()
    const setPair = vi.spyOn(market, 'setPair').mockResolvedValue()
    charts.arrangement = { ...charts.arrangement, layout: '2h', panes: charts.arrangement.panes.map((p, i) => (i === 1 ? { ...p, pair: 'LTC_USDT', interval: '5' } : p)) }
    await store.open({ panel: 'chart', pane: 1 })
    expect(terminal.callsOf('popouts.open')).toEqual([{ panel: 'chart', pane: 1, pair: 'LTC_USDT', interval: '5' }])
    expect(store.isOut({ panel: 'chart', pane: 1 })).toBe(true)
    // another window changed the pane's entry: the main market stays
    terminal.emit('popouts.changed', { popouts: [{ panel: 'chart', pane: 1, pair: 'ETH_USDT', interval: '5', bounds: null }] })
    expect(setPair).not.toHaveBeenCalled()
    // the pane's pair changes in the arrangement: its entry follows
    charts.arrangement = { ...charts.arrangement, panes: charts.arrangement.panes.map((p, i) => (i === 1 ? { ...p, pair: 'BTC_USDT' } : p)) }
    await nextTick()
    await flush()
    expect(terminal.callsOf('popouts.open').at(-1)).toEqual({ panel: 'chart', pane: 1, pair: 'BTC_USDT', interval: '5', follow: true })
  })
})
