// The Portfolio tab's state: every account of the active profile (master and sub-accounts), or of
// every stored profile, valued in one quote currency by the core (portfolio.get). Read when the tab
// opens and on Refresh, not polled: a valuation reads every account's balances. An answer asked for
// before a profile or account switch is dropped, so the tab never shows another session's figures.
import { defineStore } from 'pinia'
import { ref, watch } from 'vue'
import type { PortfolioReport } from '@domain/portfolio/portfolio'
import type { EquitySeries } from '@domain/portfolio/all-accounts'
import { useTerminal } from '@/api'
import { useSessionStore } from '../session/session'

export type PortfolioScope = 'profile' | 'all'

export const usePortfolioStore = defineStore('portfolio', () => {
  const session = useSessionStore()
  const quote = ref('USDT')
  const scope = ref<PortfolioScope>('profile')
  const report = ref<PortfolioReport | null>(null)
  const loading = ref(false)
  const error = ref<string | null>(null)
  /** Each account's recorded equity (in the recorder's quote, USDT). */
  const equity = ref<EquitySeries[]>([])
  /** When the shown report was read (ms). */
  const readAt = ref<number | null>(null)
  let opened = false
  let asked = 0

  async function load(): Promise<void> {
    opened = true
    const ticket = ++asked
    const generation = session.switchGeneration
    loading.value = true
    error.value = null
    try {
      const [next, recorded] = await Promise.all([
        useTerminal().call('portfolio.get', { quote: quote.value, scope: scope.value }),
        useTerminal()
          .call('equity.get', undefined)
          .catch(() => [] as EquitySeries[]),
      ])
      if (ticket !== asked || generation !== session.switchGeneration) return
      report.value = next
      equity.value = recorded
      readAt.value = Date.now()
    } catch (failure) {
      if (ticket === asked) error.value = failure instanceof Error ? failure.message : String(failure)
    } finally {
      if (ticket === asked) loading.value = false
    }
  }

  // Another session's figures are never shown: cleared at once, read again if the tab was opened.
  watch(
    () => session.switchGeneration,
    () => {
      report.value = null
      equity.value = []
      readAt.value = null
      if (opened) void load()
    },
  )
  watch([quote, scope], () => {
    if (opened) void load()
  })

  return { quote, scope, report, equity, loading, error, readAt, load }
})
