// The Limits tab's state: an account's risk limits and the figures the core checks them against
// (limits.get), and saving a new set (limits.set). The account is the selected one unless the trader
// picks another of the active profile's tree (`accountId`; null follows the selection). Read when the
// tab opens, on Refresh, on a pick, after a save and after every switch (an answer asked for before a
// switch is dropped; a profile switch forgets the pick); the order desk in the core reads the limits
// again before every order, so what is saved here binds that account's next order.
import { defineStore } from 'pinia'
import { ref, watch } from 'vue'
import type { RiskLimits } from '@domain/risk/risk-limits'
import type { RiskLimitsView } from '@domain/risk/risk-limits-schema'
import { useTerminal } from '@/api'
import { useSessionStore } from '../session/session'

export const useRiskLimitsStore = defineStore('risk-limits', () => {
  const session = useSessionStore()
  const view = ref<RiskLimitsView | null>(null)
  const loading = ref(false)
  const saving = ref(false)
  const error = ref<string | null>(null)
  /** The account picked in the tab; null: the selected account. */
  const accountId = ref<number | null>(null)
  let opened = false
  let asked = 0

  async function run(call: () => Promise<RiskLimitsView>): Promise<boolean> {
    const ticket = ++asked
    const generation = session.switchGeneration
    error.value = null
    try {
      const next = await call()
      if (ticket !== asked || generation !== session.switchGeneration) return false
      view.value = next
      return true
    } catch (failure) {
      if (ticket === asked) error.value = failure instanceof Error ? failure.message : String(failure)
      return false
    }
  }

  async function load(): Promise<void> {
    opened = true
    loading.value = true
    await run(() => useTerminal().call('limits.get', accountId.value === null ? undefined : { accountId: accountId.value }))
    loading.value = false
  }

  /** Saves the whole set (a null field is no limit); true when the core took it. */
  async function save(limits: RiskLimits): Promise<boolean> {
    saving.value = true
    const ok = await run(() => useTerminal().call('limits.set', accountId.value === null ? { limits } : { limits, accountId: accountId.value }))
    saving.value = false
    return ok
  }

  /** Shows (and edits) `id`'s limits; null: the selected account's. */
  function pick(id: number | null): void {
    if (id === accountId.value) return
    accountId.value = id
    view.value = null
    void load()
  }

  let profileGeneration = session.profileGeneration
  watch(
    () => session.switchGeneration,
    () => {
      view.value = null
      // Another profile's tree: the account picked in this one means nothing there.
      if (session.profileGeneration !== profileGeneration) accountId.value = null
      profileGeneration = session.profileGeneration
      if (opened) void load()
    },
  )

  return { view, loading, saving, error, accountId, load, save, pick }
})
