// The charts' arrangement (docs/workspaces.md): the layout (1, 2 side by side, 2 stacked, 2×2), each
// pane's pair, interval and link colour, the pop-outs and the bottom tab; kept in the preferences by
// the core, so it survives a restart. Pane 0 is the window's main market (market.ts): its pair is the
// book's, the order form's and the trades'; panes 1–3 have markets of their own (pane-market.ts).
// A pair chosen in a pane goes to every pane of its colour (links.ts).
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import type { BottomTab, ChartArrangement, ChartLayout, LinkColor } from '@domain/prefs/workspace'
import { DEFAULT_ARRANGEMENT } from '@domain/prefs/workspace'
import type { CandleInterval } from '@domain/wire/wire'
import { useMarketStore } from '../market/market'
import { usePrefsStore } from '../prefs'
import { changedPanes, followPair, joinLink, shownPanes, withMainMarket } from './links'
import { usePaneMarket } from './pane-market'

/** A copy with no reactive proxy in it (structuredClone refuses one). */
export const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

export const useChartsStore = defineStore('charts', () => {
  const prefs = usePrefsStore()
  const market = useMarketStore()
  const arrangement = ref<ChartArrangement>(structuredClone(DEFAULT_ARRANGEMENT))
  const layout = computed(() => arrangement.value.layout)
  const panes = computed(() => arrangement.value.panes)
  const shown = computed(() => shownPanes(arrangement.value.layout))
  /** The main market's link colour: pane 0's, the book's and the order form's. */
  const mainLink = computed(() => arrangement.value.panes[0]?.link ?? 'none')

  // The saved arrangement, once the preferences are in (and again when another window changed them).
  watch(
    () => prefs.prefs.charts,
    (saved) => {
      if (saved) arrangement.value = withMainMarket(plain(saved), market.pair, market.interval)
    },
    { immediate: true },
  )
  // The main market switched (the pair list, a shortcut, a profile's own pairs): pane 0 shows it, and its colour follows.
  watch([() => market.pair, () => market.interval], ([pair, interval]) => {
    const next = withMainMarket(arrangement.value, pair, interval)
    if (next !== arrangement.value) apply(next)
  })

  function save(): void {
    // Not before the saved one is in: the default would overwrite it.
    if (prefs.loaded) void prefs.set({ charts: plain(arrangement.value) })
  }

  /** Puts an arrangement on screen: the main market and the panes whose pair or interval changed follow it; it is saved. */
  function apply(next: ChartArrangement): void {
    const before = arrangement.value.panes
    arrangement.value = next
    for (const i of changedPanes(before, next.panes)) {
      const pane = next.panes[i]!
      if (i === 0) {
        if (pane.pair && pane.pair !== market.pair) void market.setPair(pane.pair)
        if (pane.interval !== market.interval) void market.setInterval(pane.interval)
      } else if (shown.value.includes(i)) {
        const feed = usePaneMarket(i)
        if (feed.pair) void feed.subscribe(pane.pair, pane.interval)
      }
    }
    save()
  }

  const setLayout = (next: ChartLayout): void => apply({ ...arrangement.value, layout: next })
  const setPair = (pane: number, pair: string): void => apply({ ...arrangement.value, panes: followPair(arrangement.value.panes, pane, pair) })
  const setInterval = (pane: number, interval: CandleInterval): void => apply({ ...arrangement.value, panes: arrangement.value.panes.map((p, i) => (i === pane ? { ...p, interval } : p)) })
  const setLink = (pane: number, link: LinkColor): void => apply({ ...arrangement.value, panes: joinLink(arrangement.value.panes, pane, link) })
  const setBottomTab = (tab: BottomTab): void => {
    if (tab === arrangement.value.bottomTab) return
    arrangement.value = { ...arrangement.value, bottomTab: tab }
    save()
  }

  return { arrangement, layout, panes, shown, mainLink, apply, setLayout, setPair, setInterval, setLink, setBottomTab }
})
