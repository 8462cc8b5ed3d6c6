// Moving an order by dragging its line on the chart: the confirmation (old and new price), the steps
// as the core reports them, and the outcome, told at once. The core runs the move (orders.move); the
// one outcome that leaves the trader without an order offers the exact order to place again.
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { Disposer, MoveResult, MoveStep, OrderRecord, PlaceOrderResult } from '@domain/api/api'
import { ORDER_SIDE_ALIASES } from '@domain/wire/constants'
import { useTerminal } from '@/api'
import { useAccountStore } from '../account/account'

export interface PendingMove {
  order: OrderRecord
  side: string
  oldPrice: string
  newPrice: string
}

export type MovePhase = 'confirm' | 'running' | 'done'

export const useOrderMoveStore = defineStore('order-move', () => {
  const account = useAccountStore()
  const pending = ref<PendingMove | null>(null)
  const phase = ref<MovePhase>('confirm')
  const steps = ref<MoveStep[]>([])
  const result = ref<MoveResult | null>(null)
  const failure = ref<string | null>(null)
  const retryResult = ref<string | null>(null)
  const open = computed(() => pending.value !== null)

  /** A line dropped at `newPrice`: ask first; nothing is sent before the trader confirms. */
  function propose(order: OrderRecord, newPrice: string): void {
    if (!order.price || order.price === newPrice) return
    pending.value = { order, side: ORDER_SIDE_ALIASES[order.side.toUpperCase()] ?? order.side, oldPrice: order.price, newPrice }
    phase.value = 'confirm'
    steps.value = []
    result.value = null
    failure.value = null
    retryResult.value = null
  }

  async function confirm(): Promise<void> {
    const move = pending.value
    if (!move || phase.value !== 'confirm') return
    phase.value = 'running'
    try {
      result.value = await useTerminal().call('orders.move', { orderId: move.order.id, pair: move.order.pair, price: move.newPrice })
    } catch (error) {
      failure.value = error instanceof Error ? error.message : String(error)
    } finally {
      phase.value = 'done'
      void account.refresh()
    }
  }

  /** Places the order the move could not: once per click, never by itself. */
  async function placeAgain(): Promise<void> {
    const move = pending.value
    const r = result.value
    if (!move || !r || (r.outcome !== 'cancelled-not-placed' && r.outcome !== 'cancelled-place-unknown')) return
    try {
      const placed: PlaceOrderResult = await useTerminal().call('orders.place', {
        pair: move.order.pair,
        order_type: 'LIMIT',
        order_side: move.side,
        wallet_type: move.order.wallet_type ?? 'SPOT',
        base_amount: r.retry.amount,
        limit_price: r.retry.price,
      })
      retryResult.value = placed.outcome === 'placed' ? `Placed again: order ${placed.orderIds.join(', ')}.` : placed.message
    } catch (error) {
      retryResult.value = `Not placed: ${error instanceof Error ? error.message : String(error)}`
    }
    void account.refresh()
  }

  function close(): void {
    if (phase.value === 'running') return // the trader sees how it ends
    pending.value = null
  }

  let disposer: Disposer | null = null
  function listen(): void {
    disposer ??= useTerminal().on('orders.move-step', (event) => {
      // The steps travel as events, the result as the call's answer: on the web host the answer may
      // arrive first, so a step is kept for the move on screen whatever its phase.
      if (pending.value?.order.id === event.orderId && phase.value !== 'confirm') steps.value = [...steps.value, event.step]
    })
  }
  function dispose(): void {
    disposer?.()
    disposer = null
  }

  return { pending, phase, steps, result, failure, retryResult, open, propose, confirm, placeAgain, close, listen, dispose }
})
