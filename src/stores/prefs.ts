// The user's preferences, kept by the core (prefs.get / prefs.set) so they survive a restart.
//
// Changes apply locally at once (no flicker while the core writes) and are then confirmed by the
// core's answer; a failed write is reported and the core's last good value is kept.
import { defineStore } from 'pinia'
import { ref, watchEffect } from 'vue'
import type { MethodInput, Preferences, Theme, TimeZonePref } from '@domain/api'
import type { CandleInterval } from '@domain/wire'
import { useTerminal } from '@/api'
import { displayZone } from '@/composables/format'

export type PrefsPatch = MethodInput<'prefs.set'>

export const DEFAULT_PREFS: Preferences = {
  theme: 'dark',
  pair: 'BTC_USDT',
  interval: '15',
  confirmOrders: true,
  hideZeroBalances: true,
  timeZone: 'local',
  layout: { sidebar: 18, bottom: 30 },
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, Math.round(value * 10) / 10))

export const usePrefsStore = defineStore('prefs', () => {
  const prefs = ref<Preferences>(structuredClone(DEFAULT_PREFS))
  const loaded = ref(false)
  const error = ref<string | null>(null)
  /** Writes in order, so a slow earlier answer cannot overwrite a later change. */
  let writes = 0

  async function load(): Promise<void> {
    try {
      prefs.value = await useTerminal().call('prefs.get', undefined)
    } catch (failure) {
      // Defaults are a fine way to go on; say why they are in use.
      error.value = failure instanceof Error ? failure.message : String(failure)
    } finally {
      loaded.value = true
    }
  }

  async function set(patch: PrefsPatch): Promise<void> {
    prefs.value = { ...prefs.value, ...patch, layout: { ...prefs.value.layout, ...patch.layout } }
    const mine = ++writes
    try {
      const saved = await useTerminal().call('prefs.set', patch)
      if (mine === writes) prefs.value = saved
      error.value = null
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure)
    }
  }

  const setTheme = (theme: Theme) => set({ theme })
  const setPair = (pair: string) => set({ pair })
  const setInterval = (interval: CandleInterval) => set({ interval })
  const setConfirmOrders = (confirmOrders: boolean) => set({ confirmOrders })
  const setHideZeroBalances = (hideZeroBalances: boolean) => set({ hideZeroBalances })
  const setTimeZone = (timeZone: TimeZonePref) => set({ timeZone })
  // Every time the window shows follows the preference (format.ts reads displayZone).
  watchEffect(() => {
    displayZone.value = prefs.value.timeZone === 'utc' ? 'utc' : 'local'
  })
  /** Sizes in percent; clamped to what the core accepts. */
  function setLayout(layout: Partial<Preferences['layout']>): Promise<void> {
    const next = { ...prefs.value.layout, ...layout }
    return set({ layout: { sidebar: clamp(next.sidebar, 10, 60), bottom: clamp(next.bottom, 10, 70) } })
  }

  return { prefs, loaded, error, load, set, setTheme, setPair, setInterval, setLayout, setConfirmOrders, setHideZeroBalances, setTimeZone }
})
