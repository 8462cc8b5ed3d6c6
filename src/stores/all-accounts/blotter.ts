// The Blotter tab's state: every account's open orders (the active key's accounts, or every profile's),
// cancelling one through the profile that holds its account's key, and the panic button ("cancel
// all") with the per-account outcome. Read when the tab opens, on Refresh, after every cancel and when
// the active account's orders change (its feed). The core has a feed for the active profile's own
// account only, so while the tab is shown and lists any other account it is read again every
// POLL_MS (never two reads at once), and says how old its figures are; answers from before a switch
// are dropped.
import { defineStore } from 'pinia'
import { ref, watch } from 'vue'
import type { BlotterReport, CancelAllOutcome } from '@domain/portfolio/all-accounts'
import type { Disposer } from '@domain/api/api'
import { useTerminal } from '@/api'
import { useSessionStore } from '../session/session'
import { useAnnouncerStore } from '../announcer'

export type BlotterScope = 'profile' | 'all'

/** How often the blotter is read again while shown, for the accounts no live feed covers. */
export const POLL_MS = 5_000
export type CancelAllScope = 'account' | 'profile' | 'all'

const message = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure))

export const useBlotterStore = defineStore('blotter', () => {
  const session = useSessionStore()
  const announcer = useAnnouncerStore()
  const scope = ref<BlotterScope>('profile')
  const report = ref<BlotterReport | null>(null)
  const loading = ref(false)
  /** Why the orders could not be read. */
  const error = ref<string | null>(null)
  /** Why the last cancel failed (kept when the list is read again after it). */
  const actionError = ref<string | null>(null)
  /** Orders being cancelled one by one (by order id). */
  const cancelling = ref(new Set<number>())
  const outcomes = ref<CancelAllOutcome[] | null>(null)
  const cancellingAll = ref(false)
  /** The cancel-all confirmation is open (the Blotter's button, or the panic hotkey when turned on). */
  const panicOpen = ref(false)
  /** When the shown report was read (ms). */
  const readAt = ref<number | null>(null)
  let opened = false
  let asked = 0
  let disposer: Disposer | null = null
  let poller: ReturnType<typeof setInterval> | null = null
  let visible = false
  /** The feed said the active account changed while the tab was hidden. */
  let stale = false

  async function load(): Promise<void> {
    opened = true
    // The active account's feed: read again at once while shown; when hidden, at the next showing.
    disposer ??= useTerminal().on('account.changed', () => {
      if (visible) void load()
      else stale = true
    })
    const ticket = ++asked
    const generation = session.switchGeneration
    loading.value = true
    try {
      const next = await useTerminal().call('blotter.get', { scope: scope.value })
      if (ticket !== asked || generation !== session.switchGeneration) return
      report.value = next
      readAt.value = Date.now()
      stale = false
      error.value = null
    } catch (failure) {
      if (ticket === asked) error.value = message(failure)
    } finally {
      if (ticket === asked) loading.value = false
    }
  }

  async function cancel(profileId: string, orderId: number): Promise<void> {
    cancelling.value = new Set([...cancelling.value, orderId])
    actionError.value = null
    try {
      const answer = await useTerminal().call('blotter.cancel', { profileId, orderId })
      const status = answer.kind === 'by-ids' ? answer.results[String(orderId)] : 'accepted'
      announcer.announce(`blotter-cancel-${orderId}`, `Cancel of order #${orderId}: ${status ?? 'no answer for it'}`)
    } catch (failure) {
      actionError.value = `Order #${orderId} was not cancelled: ${message(failure)}`
      announcer.announce(`blotter-cancel-${orderId}-failed`, actionError.value)
    } finally {
      cancelling.value = new Set([...cancelling.value].filter((id) => id !== orderId))
      await load()
    }
  }

  let panics = 0
  async function cancelAll(which: CancelAllScope, accountId?: number): Promise<void> {
    const run = ++panics
    cancellingAll.value = true
    outcomes.value = null
    actionError.value = null
    try {
      outcomes.value = await useTerminal().call('orders.cancelAll', which === 'account' ? { scope: which, accountId: accountId! } : { scope: which })
      const done = outcomes.value.filter((o) => o.result === 'cancelled').length
      const troubled = outcomes.value.filter((o) => o.result === 'failed' || o.result === 'unknown').length
      announcer.announce(`cancel-all-${run}`, `Cancel all: ${done} account${done === 1 ? '' : 's'} cancelled${troubled ? `, ${troubled} failed or unknown` : ''}`)
    } catch (failure) {
      actionError.value = `Cancel all failed: ${message(failure)}`
      announcer.announce(`cancel-all-${run}-failed`, actionError.value)
    } finally {
      cancellingAll.value = false
      await load()
    }
  }

  watch(
    () => session.switchGeneration,
    () => {
      report.value = null
      readAt.value = null
      outcomes.value = null
      if (opened) void load()
    },
  )
  watch(scope, () => {
    if (opened) void load()
  })

  /** True when the report lists an account the active profile's live feed does not cover. */
  function needsPolling(): boolean {
    const own = session.state?.profile?.id
    return (report.value?.accounts ?? []).some((a) => a.profileId === null || a.profileId !== own)
  }

  /** The tab is shown (true) or hidden (false): polls only while shown. */
  function shown(shownNow: boolean): void {
    visible = shownNow
    if (poller) clearInterval(poller)
    poller = null
    if (!visible) return
    if (!loading.value && (stale || readAt.value === null || Date.now() - readAt.value >= POLL_MS)) void load()
    poller = setInterval(() => {
      if (!loading.value && needsPolling()) void load()
    }, POLL_MS)
  }

  return { scope, report, readAt, loading, error, actionError, panicOpen, cancelling, outcomes, cancellingAll, load, cancel, cancelAll, shown, needsPolling }
})
