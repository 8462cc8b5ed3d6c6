// The user's preferences, kept by the core (prefs.get / prefs.set) so they survive a restart.
//
// Changes apply locally at once (no flicker while the core writes) and are then confirmed by the
// core's answer; a failed write is reported and the core's last good value is kept.
import { defineStore } from 'pinia'
import { ref, watchEffect } from 'vue'
import type { MethodInput, Preferences, Theme, TimeZonePref } from '@domain/api/api'
import type { CandleInterval } from '@domain/wire/wire'
import { useTerminal } from '@/api'
import { displayZone } from '@/lib/display-zone'
import { DEFAULT_LAYOUT, LAYOUT_BOUNDS, MAX_INDICATORS, applyIndicatorPatch, chartKey, type IndicatorPref, type LayoutPrefs } from '@domain/prefs/chart-prefs'
import { DEFAULT_PREFERENCES } from '@domain/prefs/preferences'

export type PrefsPatch = MethodInput<'prefs.set'>

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, Math.round(value * 10) / 10))

export const usePrefsStore = defineStore('prefs', () => {
  const prefs = ref<Preferences>(structuredClone(DEFAULT_PREFERENCES))
  const loaded = ref(false)
  const error = ref<string | null>(null)
  /** Writes in order, so a slow earlier answer cannot overwrite a later change. */
  let writes = 0
  /** Own writes not yet answered: another window's change waits for them (their answers carry it). */
  let inFlight = 0
  let listening = false

  /** Another window (a pop-out, or the main window) changed the preferences: this one follows. */
  function follow(): void {
    if (listening) return
    listening = true
    useTerminal().on('prefs.changed', (saved) => {
      if (inFlight === 0) prefs.value = saved
    })
  }

  /** `onLoaded` runs synchronously once the preferences (or the defaults) are in, before any render they cause. */
  async function load(onLoaded?: () => void): Promise<void> {
    follow()
    try {
      prefs.value = await useTerminal().call('prefs.get', undefined)
    } catch (failure) {
      // Defaults are a fine way to go on; say why they are in use.
      error.value = failure instanceof Error ? failure.message : String(failure)
    } finally {
      loaded.value = true
      onLoaded?.()
    }
  }

  async function set(patch: PrefsPatch): Promise<void> {
    const { indicators, ...rest } = patch
    prefs.value = {
      ...prefs.value,
      ...rest,
      layout: { ...prefs.value.layout, ...patch.layout },
      indicators: indicators ? applyIndicatorPatch(prefs.value.indicators, indicators) : prefs.value.indicators,
    }
    const mine = ++writes
    inFlight += 1
    try {
      const saved = await useTerminal().call('prefs.set', patch)
      if (mine === writes) prefs.value = saved
      error.value = null
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure)
    } finally {
      inFlight -= 1
    }
  }

  const setTheme = (theme: Theme) => set({ theme })
  const setPair = (pair: string) => set({ pair })
  const setInterval = (interval: CandleInterval) => set({ interval })
  const setConfirmOrders = (confirmOrders: boolean) => set({ confirmOrders })
  const setHideZeroBalances = (hideZeroBalances: boolean) => set({ hideZeroBalances })
  const setTimeZone = (timeZone: TimeZonePref) => set({ timeZone })
  const setPanicHotkey = (panicHotkey: boolean) => set({ panicHotkey })
  const setPositionNotifications = (positionNotifications: boolean) => set({ positionNotifications })
  // Every time the window shows follows the preference (format.ts reads displayZone).
  watchEffect(() => {
    displayZone.value = prefs.value.timeZone === 'utc' ? 'utc' : 'local'
  })
  /** Sizes in percent; clamped to what the core accepts. */
  function setLayout(layout: Partial<LayoutPrefs>): Promise<void> {
    const next = { ...DEFAULT_LAYOUT, ...prefs.value.layout, ...layout }
    const within = (key: keyof typeof LAYOUT_BOUNDS) => clamp(next[key], LAYOUT_BOUNDS[key].min, LAYOUT_BOUNDS[key].max)
    return set({ layout: { ...next, sidebar: within('sidebar'), bottom: within('bottom'), side: within('side') } })
  }

  /** The indicators saved for one chart (pair and interval); none when nothing was saved. */
  function indicatorsFor(pair: string, interval: CandleInterval): IndicatorPref[] {
    return prefs.value.indicators?.[chartKey(pair, interval)] ?? []
  }

  /** Saves one chart's indicators; an empty list forgets the chart. */
  function setIndicators(pair: string, interval: CandleInterval, list: readonly IndicatorPref[]): Promise<void> {
    const entries = list.slice(0, MAX_INDICATORS).map((i) => ({ id: i.id, params: { ...i.params }, color: i.color }))
    return set({ indicators: { chart: chartKey(pair, interval), list: entries } })
  }

  return {
    prefs,
    loaded,
    error,
    load,
    set,
    setTheme,
    setPair,
    setInterval,
    setLayout,
    indicatorsFor,
    setIndicators,
    setConfirmOrders,
    setHideZeroBalances,
    setTimeZone,
    setPanicHotkey,
    setPositionNotifications,
  }
})
