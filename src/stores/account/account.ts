// Balances, fee rules and recent orders of the selected account.
//
// Snapshots arrive from the core (the `account.changed` event, or an `account.snapshot` answer).
// Each carries the switch generation it was fetched for; one from an earlier generation belongs to
// a profile or account the user has left and is dropped, so one account's data never shows under
// another. One from a later generation (the event overtook `session.changed`) waits until the
// session catches up.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { AccountSnapshot, CancelOrdersResult, Disposer } from '@domain/api/api'
import type { Balance, FeeRule, OrderRecord } from '@domain/wire/wire'
import { availableIn } from '@domain/account/balances'
import { useTerminal } from '@/api'
import { useSessionStore } from '../session/session'
import { frameScheduler } from '../market/market-merge'
import { withActivity } from '@/lib/activity'
import { keepUnchangedRows } from '@/lib/same-rows'

// Re-exported: the balances table reads it from here; the one definition lives in the domain.
export { availableOf } from '@domain/account/balances'

const PARTS = ['balances', 'feeRules', 'orders'] as const
type Parts = Record<(typeof PARTS)[number], string>
const partsOf = (s: AccountSnapshot): Parts => ({ balances: JSON.stringify(s.balances), feeRules: JSON.stringify(s.feeRules), orders: JSON.stringify(s.orders) })
const balanceKey = (b: Balance) => `${b.account_id}:${b.currency}:${b.wallet_type}`
const orderKey = (o: OrderRecord) => o.id

/** The previous list when the next one holds the very same rows: a computed that returns it triggers nothing. */
function kept<T>(previous: T[] | undefined, next: T[]): T[] {
  return previous !== undefined && previous.length === next.length && previous.every((row, i) => row === next[i]) ? previous : next
}

export const useAccountStore = defineStore('account', () => {
  const session = useSessionStore()

  const snapshot = shallowRef<AccountSnapshot | null>(null)
  /** What the shown snapshot holds, part by part, as text: what a read found unchanged is not drawn again. */
  let shownParts: Parts | null = null
  /** When the shown data was last confirmed, by a new snapshot or one that found it unchanged. */
  const confirmedAt = ref<number | null>(null)
  /** A snapshot of a generation the session has not reached yet. */
  let pending: AccountSnapshot | null = null
  const loading = ref(false)
  const error = ref<string | null>(null)

  /** The switch generation of the data shown; 0 before the first snapshot. */
  const switchGeneration = computed(() => snapshot.value?.switchGeneration ?? 0)
  const accountId = computed(() => snapshot.value?.accountId ?? null)
  /** True once a snapshot of the current generation is shown. */
  const loaded = computed(() => snapshot.value !== null)
  const fetchedAt = computed(() => (snapshot.value ? confirmedAt.value : null))

  // The issue asks that switching account filter balances and fee rules to that account_id; the
  // core may hand over a master's whole tree, so the filter is applied here as well.
  // Each list keeps its identity while its rows do (see apply), so a fill that changes balances only
  // does not redraw what shows orders or fee rules.
  const balances = computed<Balance[]>((previous) => {
    const snap = snapshot.value
    if (!snap) return []
    return kept(previous, snap.accountId === null ? snap.balances : snap.balances.filter((b) => b.account_id === snap.accountId))
  })
  const feeRules = computed<FeeRule[]>((previous) => {
    const snap = snapshot.value
    if (!snap) return []
    return kept(previous, snap.accountId === null ? snap.feeRules : snap.feeRules.filter((r) => r.account_id === snap.accountId))
  })
  /** null when the server has no recent-orders endpoint. */
  const orders = computed<OrderRecord[] | null>(() => (snapshot.value ? snapshot.value.orders : []))

  /** Available (balance − reserve) of one currency in one wallet, or null when there is no such balance. */
  function available(currency: string, walletType: string): string | null {
    return availableIn(balances.value, { accountId: snapshot.value?.accountId ?? null, currency, walletType })
  }

  /** Applies a snapshot if it belongs to the session's current generation; returns whether it did. */
  function apply(next: AccountSnapshot): boolean {
    const current = session.switchGeneration
    if (next.switchGeneration < current) return false
    if (next.switchGeneration > current) {
      pending = next
      return false
    }
    const shown = snapshot.value
    if (shown && shown.switchGeneration === next.switchGeneration && (confirmedAt.value ?? 0) > next.fetchedAt) return false
    error.value = null
    confirmedAt.value = next.fetchedAt
    // Every live-feed frame is followed by a REST read that mostly confirms what the frame showed: new
    // objects would re-render every table, the book and the chart's order lines for nothing, and hold
    // up the frame that shows the next change. Parts that did not change keep the shown objects.
    const parts = partsOf(next)
    const before = shown && shown.switchGeneration === next.switchGeneration && shown.accountId === next.accountId ? shownParts : null
    if (before && PARTS.every((k) => parts[k] === before[k])) return true
    shownParts = parts
    const same = (k: (typeof PARTS)[number]): boolean => before !== null && parts[k] === before[k]
    // A part that changed keeps its unchanged rows: a new order's snapshot re-rendered every cell of
    // every open order and balance row, for one new row and one changed balance.
    snapshot.value =
      before && shown
        ? {
            ...next,
            balances: same('balances') ? shown.balances : keepUnchangedRows(shown.balances, next.balances, balanceKey),
            feeRules: same('feeRules') ? shown.feeRules : next.feeRules,
            orders: same('orders') ? shown.orders : shown.orders && next.orders ? keepUnchangedRows(shown.orders, next.orders, orderKey) : next.orders,
          }
        : next
    return true
  }

  async function refresh(): Promise<void> {
    loading.value = true
    const asked = session.switchGeneration
    try {
      const next = await useTerminal().call('account.snapshot', undefined)
      withActivity('account snapshot', () => apply(next))
    } catch (failure) {
      // An error for a generation already left says nothing about the current account.
      if (asked === session.switchGeneration) error.value = failure instanceof Error ? failure.message : String(failure)
    } finally {
      loading.value = false
    }
  }

  async function cancel(orderIds: number[]): Promise<CancelOrdersResult> {
    const result = await useTerminal().call('orders.cancel', { order_ids: orderIds })
    void refresh()
    return result
  }

  async function cancelAllForPair(pair: string): Promise<CancelOrdersResult> {
    const result = await useTerminal().call('orders.cancel', { pair })
    void refresh()
    return result
  }

  // A switch: clear at once (never show the previous account's rows under the new name), then take
  // the snapshot that may already be waiting, or ask for one.
  watch(
    () => session.switchGeneration,
    (now, before) => {
      if (now === before) return
      if (snapshot.value && snapshot.value.switchGeneration !== now) snapshot.value = null
      error.value = null
      const waiting = pending
      pending = null
      if (waiting && waiting.switchGeneration >= now && apply(waiting)) return
      if (snapshot.value?.switchGeneration === now) return
      if (session.profile) void refresh()
    },
    // Synchronous, so no render ever pairs the new session with the old account's rows.
    { flush: 'sync' },
  )

  // Nothing shown yet and the connection changed (the activation ended, the exchange went away or
  // came back): ask again, so the tables say what is true now rather than "connecting".
  watch(
    () => session.state?.connection.state,
    (now, before) => {
      if (now !== before && !snapshot.value && session.profile && !loading.value) void refresh()
    },
  )

  // Pushed snapshots are applied once a frame, the newest of them: a live order brings two or three
  // (its order frame, its wallet frame, the read after them), and each apply re-renders the tables.
  // Applied as they came, they ran ahead of the answer the trader waits for (the order's own
  // "placed"), whose body the window reads only once it is free; a frame later they cost one render.
  let pushed: AccountSnapshot | null = null
  const newer = (a: AccountSnapshot, b: AccountSnapshot): boolean => a.switchGeneration > b.switchGeneration || (a.switchGeneration === b.switchGeneration && a.fetchedAt >= b.fetchedAt)
  const applyPushed = frameScheduler('account snapshot', () => {
    const next = pushed
    pushed = null
    if (next) apply(next)
  })

  let disposer: Disposer | null = null
  /** Starts listening to the core's pushes. Idempotent. */
  function listen(): void {
    disposer ??= useTerminal().on('account.changed', (next) => {
      if (!pushed || newer(next, pushed)) pushed = next
      applyPushed()
    })
  }
  function dispose(): void {
    disposer?.()
    disposer = null
  }

  return {
    snapshot,
    balances,
    feeRules,
    orders,
    accountId,
    switchGeneration,
    loaded,
    loading,
    error,
    fetchedAt,
    available,
    apply,
    refresh,
    cancel,
    cancelAllForPair,
    listen,
    dispose,
  }
})
