// The account's history for the Order history, Fills and P&L tabs: orders of a time range (the core
// reads it in 30-day windows), the fills of every pair those orders traded (the server wants a pair
// per request) or of the chosen pair, and the realised P&L of those fills. Read on demand, dropped on
// every session switch (an answer for the account the trader left is never shown). Where the server
// has no such endpoint (404) the tab says so and the other tabs work.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { ORDER_STATUSES } from '@domain/wire/constants'
import { toTerminalError } from '@domain/errors'
import { realisedPnl } from '@domain/account/pnl'
import { pnlInputs, type PlacedFill } from '@domain/account/fill-sides'
import type { FillRecord, OrderRecord } from '@domain/wire/wire'
import { useTerminal } from '@/api'
import { timeValue } from '@/lib/format'
import { useSessionStore } from '../session/session'

/** When an order was placed, and when a fill happened (ms; NaN when unknown): what the tabs sort by. */
export const orderTime = (o: OrderRecord): number => timeValue(o.open_at ?? o.date ?? o.updated_at ?? null)
export const fillTime = (f: FillRecord): number => timeValue(f.date ?? null)

const DAY = 86_400_000

export interface HistoryFilters {
  pair: string | null
  side: 'BUY' | 'SELL' | null
  status: (typeof ORDER_STATUSES)[number] | null
  /** [from, to) in ms since the epoch. */
  range: [number, number]
}

/** Words for a failed read; 'unsupported' (404) names the missing endpoint. */
function problemOf(error: unknown, what: string): string {
  const e = toTerminalError(error)
  return e.kind === 'unsupported' ? `This exchange does not offer ${what} (404).` : `${what[0]!.toUpperCase()}${what.slice(1)} could not be read: ${e.message}`
}

export const useHistoryStore = defineStore('history', () => {
  const session = useSessionStore()
  const now = Date.now()
  const filters = ref<HistoryFilters>({ pair: null, side: null, status: null, range: [now - 30 * DAY, now + DAY] })
  const orders = shallowRef<OrderRecord[]>([])
  const fills = shallowRef<PlacedFill[]>([])
  const ordersProblem = ref<string | null>(null)
  const fillsProblem = ref<string | null>(null)
  /**
   * Fills that could not be read, so "no fills" and the P&L would be untrue for them: 'all' (the
   * exchange has no fills endpoint, or which pairs traded is not known), or the pairs whose read failed.
   */
  const fillsUnread = shallowRef<'all' | string[]>([])
  const loading = ref(false)
  const loaded = ref(false)
  let request = 0

  async function load(): Promise<void> {
    const id = ++request
    const generation = session.switchGeneration
    const f = filters.value
    const [from, to] = f.range
    loading.value = true
    ordersProblem.value = null
    fillsProblem.value = null
    fillsUnread.value = []
    const stale = () => id !== request || generation !== session.switchGeneration
    try {
      let list: OrderRecord[] = []
      let ordersRead = true
      try {
        list = await useTerminal().call('account.orders', {
          from,
          to,
          ...(f.pair ? { pair: f.pair } : {}),
          ...(f.side ? { side: f.side } : {}),
          ...(f.status ? { status: f.status } : {}),
        })
      } catch (error) {
        if (stale()) return
        ordersProblem.value = problemOf(error, 'the order history')
        ordersRead = false
      }
      if (stale()) return
      orders.value = [...list].sort((a, b) => (orderTime(b) || 0) - (orderTime(a) || 0) || b.id - a.id)
      if (!ordersRead && !f.pair) {
        fills.value = []
        fillsUnread.value = 'all'
        fillsProblem.value = 'The fills could not be read either: the exchange gives them per pair, and which pairs traded comes from the order history.'
        loaded.value = true
        return
      }
      // The server answers fills per pair: the chosen pair, or every pair these orders traded in.
      const pairs = f.pair ? [f.pair] : [...new Set(list.filter((o) => o.amount_filled && Number(o.amount_filled) > 0).map((o) => o.pair))].sort()
      const all: PlacedFill[] = []
      const unread: string[] = []
      let firstError: unknown = null
      for (const pair of pairs) {
        try {
          all.push(...(await useTerminal().call('account.trades', { pair, from, to, ...(f.side ? { side: f.side } : {}) })))
        } catch (error) {
          if (stale()) return
          // No such endpoint: no pair will answer. Anything else may be this pair's alone: the others are still read.
          if (toTerminalError(error).kind === 'unsupported') {
            fillsProblem.value = problemOf(error, 'the fills')
            fillsUnread.value = 'all'
            break
          }
          firstError ??= error
          unread.push(pair)
        }
        if (stale()) return
      }
      if (firstError !== null) {
        fillsProblem.value = `${problemOf(firstError, 'the fills')} (${unread.map((p) => p.replace('_', '/')).join(', ')})`
        fillsUnread.value = unread
      }
      fills.value = all.sort((a, b) => (fillTime(b) || 0) - (fillTime(a) || 0))
      loaded.value = true
    } finally {
      if (id === request) loading.value = false
    }
  }

  function reset(): void {
    request += 1
    orders.value = []
    fills.value = []
    ordersProblem.value = null
    fillsProblem.value = null
    fillsUnread.value = []
    loading.value = false
    loaded.value = false
  }
  watch(() => session.switchGeneration, reset, { flush: 'sync' })

  const pnl = computed(() => {
    const { fills: placed, unplaced } = pnlInputs(fills.value)
    return { pairs: realisedPnl(placed), unplaced }
  })

  return { filters, orders, fills, ordersProblem, fillsProblem, fillsUnread, loading, loaded, pnl, load, reset }
})
