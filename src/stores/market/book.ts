// The order book of the subscribed pair, from the core's `market.book` event (the live feed's kept
// book, or a poll where there is no feed). Only a book of the window's own pair and profile session
// is shown; a switch of either empties it at once, so a book of the old pair or exchange never shows
// under the new one. A payload without a book carries the reason (`doubt`): the panel shows the
// reason, never the last book, since the exchange may no longer have it.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { Disposer, EventPayloads } from '@domain/api/api'
import type { BookLevel } from '@domain/market/order-book'
import { LIVE_ORDER_STATUSES, ORDER_SIDE_ALIASES } from '@domain/wire/constants'
import { Decimal } from '@domain/decimal'
import { useTerminal } from '@/api'
import { useAccountStore } from '../account/account'
import { useMarketStore } from './market'
import { frameScheduler } from './market-merge'
import { useSessionStore } from '../session/session'

/** One of the trader's open orders at a price of the book (the panel marks its level). */
export interface OwnOrderMark {
  /** The order's id (the ladder cancels and moves it). */
  id: number
  price: string
  side: 'BUY' | 'SELL'
  amount: string
}

export const useBookStore = defineStore('book', () => {
  const market = useMarketStore()
  const session = useSessionStore()
  const account = useAccountStore()

  const asks = shallowRef<readonly BookLevel[]>([])
  const bids = shallowRef<readonly BookLevel[]>([])
  /** Why no book is shown (unreachable, no endpoint, a gap), or null. */
  const doubt = ref<string | null>(null)
  /** True until the first book (or reason) of this pair and session arrived. */
  const loading = ref(true)
  const fetchedAt = ref(0)
  /** Where the shown book (or doubt) came from: the feed or a poll; null before the first. */
  const source = ref<'feed' | 'poll' | null>(null)

  let latest: EventPayloads['market.book'] | null = null
  let disposer: Disposer | null = null
  /**
   * At the start the core sends the book before the window knows its pair or its session (the first
   * chart's answer names them): the newest book of each pair is kept until then, and the one of the
   * window's pair shown once they are known. A still market sends its book once.
   */
  const early = new Map<string, EventPayloads['market.book']>()
  const EARLY_PAIRS = 64

  function isOwn(payload: EventPayloads['market.book']): boolean {
    const profile = session.profile
    return payload.pair === market.pair && profile !== null && payload.session.profileId === profile.id && payload.session.profileGeneration === session.profileGeneration
  }

  /** At 50 books a second the panel redraws once a frame, with the newest book. */
  const scheduleFlush = frameScheduler('order book batch', () => {
    const next = latest
    latest = null
    if (!next || !isOwn(next)) return
    loading.value = false
    fetchedAt.value = next.fetchedAt
    source.value = next.source
    doubt.value = next.doubt
    asks.value = next.book ? next.book.sell : []
    bids.value = next.book ? next.book.buy : []
  })

  function listen(): void {
    if (disposer) return
    disposer = useTerminal().on('market.book', (payload) => {
      if (market.pair === '' || session.profile === null) {
        early.delete(payload.pair)
        early.set(payload.pair, payload)
        if (early.size > EARLY_PAIRS) early.delete(early.keys().next().value!)
        return
      }
      if (!isOwn(payload)) return
      latest = payload
      scheduleFlush()
    })
  }

  function reset(): void {
    latest = null
    asks.value = []
    bids.value = []
    doubt.value = null
    loading.value = true
    fetchedAt.value = 0
    source.value = null
    // The start's book of this pair, if it came before the pair and the session were known.
    const waiting = market.pair === '' ? undefined : early.get(market.pair)
    if (waiting) {
      latest = waiting
      scheduleFlush()
    }
    if (market.pair !== '' && session.profile !== null) early.clear()
  }

  function dispose(): void {
    disposer?.()
    disposer = null
  }

  // Synchronous: no frame pairs the new pair (or exchange) with the old book.
  watch([() => market.pair, () => session.profileGeneration], reset, { flush: 'sync' })

  /** The trader's live orders of this pair, what is left of each, for the marks in the book. */
  const own = computed<OwnOrderMark[]>(() =>
    (account.orders ?? [])
      .filter((o) => o.pair === market.pair && LIVE_ORDER_STATUSES.includes(o.status.toUpperCase()) && o.price && ORDER_SIDE_ALIASES[o.side.toUpperCase()])
      .map((o) => {
        const left = new Decimal(o.amount).sub(o.amount_filled ?? '0').sub(o.amount_canceled ?? '0')
        return { id: o.id, price: o.price!, side: ORDER_SIDE_ALIASES[o.side.toUpperCase()]!, amount: Decimal.max(left, 0).toFixed() }
      }),
  )

  /** The book can be walked (a market-order preview): read, and not in doubt. */
  const usable = computed(() => !loading.value && doubt.value === null)

  return { asks, bids, doubt, loading, fetchedAt, source, own, usable, listen, dispose, reset }
})
