// The panels in windows of their own (docs/popouts.md), as the core keeps them (popouts.*): which
// panel is out, what it shows, where its window stands. One small API for the window (and for the
// workspaces to come): list, open, close, restore.
//  - open: the core lists the pop-out; the Electron app's main process then opens its window, and in
//    the web host this window opens it, through a fresh one-time link of its route (browser-windows.ts);
//  - close: the panel is back in the main window (the pop-out's window is closed);
//  - restore: at the main window's start (web host), the windows of the pop-outs kept from before;
//    one the browser refuses to open is marked `blocked`, and its placeholder offers to open it by click.
// Every window shows the one main chart the core follows: a pop-out of pane 0 (or of the book) and
// the main window follow each other's pair and interval through the pop-out's entry (`follow`). An
// extra pane's pair and interval are the charts' arrangement's (charts.ts, in the preferences every
// window shares); its pop-out's entry follows that, so it comes back showing it.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { Popout, PopoutBounds, PopoutPlace } from '@domain/popouts/popouts'
import { parsePopoutRoute, popoutKey, popoutName } from '@domain/popouts/popout-route'
import { useTerminal } from '@/api'
import { useMarketStore } from '../market/market'
import { useChartsStore } from '../charts/charts'
import { usePrefsStore } from '../prefs'
import { useNoticeStore } from '../notices'
import { useAnnouncerStore } from '../announcer'
import { type BrowserWindows, createBrowserWindows } from './browser-windows'

const message = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure))
const same = (a: PopoutPlace, b: PopoutPlace) => a.panel === b.panel && a.pane === b.pane
/** Just the panel and pane (a whole entry has more, which the core's strict inputs refuse). */
const placeOf = (at: PopoutPlace): PopoutPlace => ({ panel: at.panel, pane: at.pane })
let said = 0

export const usePopoutsStore = defineStore('popouts', () => {
  const market = useMarketStore()
  const prefs = usePrefsStore()
  /** The main market's panels: chart pane 0 and the book; an extra pane shows a market of its own. */
  const main = (place: PopoutPlace): boolean => place.panel === 'book' || place.pane === 0
  /** What a panel shows now: the main market's pair and interval, or its pane's. */
  const showing = (place: PopoutPlace): { pair: string; interval: Popout['interval'] } => {
    if (main(place)) return { pair: market.pair, interval: market.interval }
    // The charts' store only once the preferences are in: made before, it would follow the main market
    // with its default arrangement and lose the saved one (charts.ts). Until then, the entry's own.
    const pane = prefs.loaded ? useChartsStore().panes[place.pane] : null
    const own = entry(place)
    return pane ? { pair: pane.pair, interval: pane.interval } : { pair: own?.pair ?? '', interval: own?.interval ?? market.interval }
  }
  /** The pop-out this window is, from its address (?panel=chart&pane=0), or null: the main window. */
  const here = parsePopoutRoute(globalThis.location?.search ?? '')
  const list = shallowRef<Popout[]>([])
  /** The core set a damaged pop-outs file aside (every panel is home). */
  const warning = ref<string | null>(null)
  /** Pop-outs whose window the browser refused to open (web host): their placeholder offers a click. */
  const blocked = ref<string[]>([])
  const loaded = ref(false)
  let browser: BrowserWindows | null = null
  let stopListening: (() => void) | null = null
  /**
   * The core's popouts.changed so far. An answer (a read, or the list after this window's change)
   * during which one came is dropped: it travels apart from the events and may tell of a list older
   * than one already shown. The events alone are then right: each is the whole list, they come in
   * order, and every change (this window's too) sends one.
   */
  let events = 0
  async function answered<T extends { popouts: Popout[] }>(call: () => Promise<T>): Promise<T> {
    const before = events
    const answer = await call()
    if (events === before) apply(answer.popouts)
    return answer
  }

  const isOut = (place: PopoutPlace): boolean => list.value.some((p) => same(p, place))
  const entry = (place: PopoutPlace): Popout | null => list.value.find((p) => same(p, place)) ?? null
  const isBlocked = (place: PopoutPlace): boolean => blocked.value.includes(popoutKey(place))
  const popouts = computed(() => list.value)

  /** The web host's windows; null in the Electron app, whose main process opens them. */
  function browserWindows(): BrowserWindows | null {
    const terminal = useTerminal()
    const link = terminal.popoutLink
    if (!link || here) return null
    browser ??= createBrowserWindows({
      open: (url, name, features) => window.open(url, name, features),
      link,
      closed: (place) => void close(place),
    })
    return browser
  }

  function apply(next: Popout[]): void {
    const before = list.value
    list.value = next
    if (loaded.value) announceMoves(before, next)
    follow(before, next)
    blocked.value = blocked.value.filter((key) => next.some((p) => popoutKey(p) === key))
  }

  /** A screen reader hears a panel leave for its own window, or come back (the main window only). */
  function announceMoves(before: readonly Popout[], next: readonly Popout[]): void {
    if (here) return
    const announcer = useAnnouncerStore()
    for (const popout of next) {
      if (!before.some((p) => same(p, popout))) announcer.announce(`popout-${++said}`, `${popoutName(popout)} is in a window of its own.`)
    }
    for (const popout of before) {
      if (!next.some((p) => same(p, popout))) announcer.announce(`popout-${++said}`, `${popoutName(popout)} is back in the main window.`)
    }
  }

  /**
   * The one chart the core follows, shown in several windows: when another window changed a pop-out's
   * pair or interval (the entry changed, and this window shows another), this window follows it.
   */
  function follow(before: readonly Popout[], next: readonly Popout[]): void {
    for (const popout of next) {
      const was = before.find((p) => same(p, popout))
      if (!main(popout) || !was || (was.pair === popout.pair && was.interval === popout.interval)) continue
      if (market.pair && popout.pair !== market.pair) void market.setPair(popout.pair)
      else if (market.pair && popout.interval !== market.interval) void market.setInterval(popout.interval)
    }
  }

  async function load(): Promise<void> {
    stopListening ??= useTerminal().on('popouts.changed', ({ popouts: next }) => {
      events += 1
      apply(next)
    })
    try {
      const answer = await answered(() => useTerminal().call('popouts.list', undefined))
      warning.value = answer.warning
    } catch (failure) {
      warning.value = `The pop-out windows could not be read: ${message(failure)}`
    }
    loaded.value = true
  }

  /**
   * Pops a panel out, showing what it shows now; `at` (a workspace's pop-out) where its window stood.
   * Call it within the click (see browser-windows.ts).
   */
  async function open(at: PopoutPlace, placed?: PopoutBounds | null): Promise<void> {
    const place = placeOf(at)
    const windows = browserWindows()
    const bounds = placed ?? entry(place)?.bounds ?? null
    // The window first, in the click's own task (a pop-up blocker allows only that); its link follows.
    const shown = windows?.show(place, bounds)
    try {
      await answered(() => useTerminal().call('popouts.open', { ...place, ...showing(place), ...(placed ? { bounds: placed } : {}) }))
      const key = popoutKey(place)
      if (shown && !(await shown)) blocked.value = [...blocked.value.filter((k) => k !== key), key]
      else blocked.value = blocked.value.filter((k) => k !== key)
    } catch (failure) {
      windows?.close(place)
      useNoticeStore().warn('The panel could not be popped out', message(failure))
    }
  }

  /** Brings the panel back into the main window (and closes its own). */
  async function close(at: PopoutPlace): Promise<void> {
    const place = placeOf(at)
    browser?.close(place)
    try {
      await answered(() => useTerminal().call('popouts.close', place))
    } catch (failure) {
      useNoticeStore().warn('The panel could not be brought back', message(failure))
    }
  }

  /** The web host's main window, at its start: the windows of the pop-outs kept from before. */
  async function restore(): Promise<void> {
    const windows = browserWindows()
    if (!windows) return
    for (const popout of list.value) {
      if (windows.isOpen(popout)) continue
      const shown = await windows.show(popout, popout.bounds).catch(() => false)
      if (!shown && !isBlocked(popout)) blocked.value = [...blocked.value, popoutKey(popout)]
    }
  }

  /** A pop-out's window says where it stands now (the web host; Electron's main process knows it itself). */
  async function place(at: PopoutPlace, bounds: PopoutBounds): Promise<void> {
    if (!isOut(at)) return
    await useTerminal()
      .call('popouts.place', { ...placeOf(at), bounds })
      .catch(() => undefined) // a place not kept is a window that opens at its default size next time
  }

  // What a popped-out panel shows changed (the main market, or its pane's pair or interval): its entry
  // follows, so the other windows do too and it comes back showing it. Only a change of what this
  // window shows is told (not a change of the list), and only to a pop-out still out (`follow`).
  watch(
    () => list.value.map((p) => `${popoutKey(p)}|${JSON.stringify(showing(p))}`).join(' '),
    () => {
      if (!loaded.value) return
      for (const popout of list.value) {
        const now = showing(popout)
        if (!now.pair || (popout.pair === now.pair && popout.interval === now.interval)) continue
        void answered(() => useTerminal().call('popouts.open', { panel: popout.panel, pane: popout.pane, ...now, follow: true })).catch(() => undefined)
      }
    },
  )

  /** A price clicked here, in a popped-out book: for the main window's order form, which fills it (never sends). */
  async function fillMain(pair: string, price: string, amount?: string): Promise<void> {
    if (!pair) return
    try {
      await useTerminal().call('popouts.fill', { pair, price, ...(amount !== undefined ? { amount } : {}) })
      useAnnouncerStore().announce(`popout-${++said}`, `Price ${price} put in the main window's order form.`)
    } catch (failure) {
      useNoticeStore().warn('The price could not be put in the order form', message(failure))
    }
  }

  function dispose(): void {
    stopListening?.()
    stopListening = null
    browser?.dispose()
  }

  return { here, popouts, warning, blocked, loaded, isOut, isBlocked, entry, load, open, close, restore, place, fillMain, dispose }
})
