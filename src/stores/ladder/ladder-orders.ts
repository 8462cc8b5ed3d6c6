// The orders the price ladder sends, through the order form's own path: the same draft shape, the same
// rules (validateOrder with the form's context: the pair, the best prices, the wallet chosen in the
// form, the fee rule), the same reasons not to send (no profile, view-only, cached prices, a pair not
// traded), a client order id chosen once per order and kept through the confirmation, and the same
// sending (order-place.ts); the core checks the rules and the risk limits again. With one-click mode
// off every order waits in the confirmation; a stop-limit (whose limit the ladder chose) and a flatten
// always do. One order is in flight at a time: a double click never sends two.
import { computed, ref, shallowRef, type Ref } from 'vue'
import { toTerminalError } from '@domain/errors'
import type { OrderDraft } from '@domain/orders/orders'
import type { OrderSide, PlaceOrderBody, StopOperator } from '@domain/wire/wire'
import { buildOrderBody, newClientOrderId, validateOrder } from '@domain/orders/order-rules'
import { useAccountStore } from '../account/account'
import { useAnnouncerStore } from '../announcer'
import { useMarketStore } from '../market/market'
import { secureRandom } from '../orders/order-answers'
import { useOrderFormStore } from '../orders/order-form'
import { orderWords, placeOrder } from '../orders/order-place'
import { useSubmitReason } from '../orders/order-submit-reason'

export interface LadderIntent {
  side: OrderSide
  type: 'LIMIT' | 'STOP_LIMIT' | 'MARKET'
  amount: string
  price?: string
  stop?: string
  stopOperator?: StopOperator
  /** Asked even in one-click mode (a price the ladder chose, a flatten). */
  alwaysConfirm?: boolean
  /** Said above the confirmation's fields: how the ladder chose a price, what a flatten closes. */
  note?: string | null
}

export interface LadderPending {
  draft: OrderDraft
  body: PlaceOrderBody
  /** The note and the rules' warnings, for the confirmation. */
  warning: string | null
}

export type LadderMessage = { tone: 'ok' | 'warn' | 'bad'; text: string }

/** Called from the ladder store's setup. */
export function useLadderOrders(oneClick: Ref<boolean>) {
  const form = useOrderFormStore()
  const market = useMarketStore()
  const account = useAccountStore()
  const announcer = useAnnouncerStore()

  const pending = shallowRef<LadderPending | null>(null)
  const sending = ref(false)
  /** How the last order went, or why it was not sent: the ladder's status line. */
  const message = ref<LadderMessage | null>(null)

  function say(tone: LadderMessage['tone'], text: string): void {
    message.value = { tone, text }
    if (tone !== 'ok') announcer.announce(`ladder:${Date.now()}`, text)
  }

  function draftOf(intent: LadderIntent): OrderDraft {
    const draft: OrderDraft = { pair: market.pair, order_type: intent.type, order_side: intent.side, wallet_type: form.walletType, base_amount: intent.amount }
    if (intent.price !== undefined) draft.limit_price = intent.price
    if (intent.stop !== undefined) draft.stop_price = intent.stop
    if (intent.stopOperator !== undefined) draft.stop_operator = intent.stopOperator
    return draft
  }

  /** Checks the order as the form would; sends it, or leaves it in the confirmation. True when it went out. */
  async function request(intent: LadderIntent): Promise<boolean> {
    const draft = draftOf(intent)
    const context = form.context
    const check = validateOrder(draft, context)
    const reason = useSubmitReason({
      pair: computed(() => market.selectedPair),
      orderType: ref(intent.type),
      check: computed(() => check),
      sending,
      confirming: computed(() => pending.value !== null),
    }).value
    if (reason) {
      say('bad', `Not sent: ${reason}`)
      return false
    }
    const clientOrderId = newClientOrderId(secureRandom)
    const toSend: OrderDraft = { ...draft, client_order_id: clientOrderId }
    let body: PlaceOrderBody
    try {
      body = buildOrderBody(toSend, context, clientOrderId)
    } catch (error) {
      say('bad', `Not sent: ${toTerminalError(error).message}`)
      return false
    }
    const warnings = [intent.note ?? null, ...check.warnings.map((w) => w.message)].filter((w): w is string => !!w)
    if (!oneClick.value || intent.alwaysConfirm) {
      pending.value = { draft: toSend, body, warning: warnings.length > 0 ? warnings.join(' · ') : null }
      return false
    }
    return send(toSend)
  }

  async function send(toSend: OrderDraft): Promise<boolean> {
    sending.value = true
    try {
      const outcome = await placeOrder(toSend)
      if (outcome.kind === 'refused') {
        say('bad', `Refused: ${orderWords(toSend)}. ${outcome.error.message}`)
        return false
      }
      const r = outcome.result
      if (r.kind === 'placed') say('ok', `Placed: ${orderWords(toSend)} (#${r.orderIds.join(', #')})`)
      else say('warn', `Outcome unknown: ${orderWords(toSend)}. ${r.message} See Open orders before trying again.`)
      return r.kind === 'placed'
    } finally {
      sending.value = false
      void account.refresh()
    }
  }

  /** Sends the order waiting in the confirmation. */
  async function confirm(): Promise<boolean> {
    const waiting = pending.value
    if (!waiting || sending.value) return false
    pending.value = null
    return send(waiting.draft)
  }

  function cancelConfirm(): void {
    pending.value = null
  }

  /** The value and fee the confirmation shows: the rules' estimate, with the form's context now. */
  function estimateOf(draft: OrderDraft) {
    return validateOrder(draft, form.context).estimate
  }

  return { pending, sending, message, request, confirm, cancelConfirm, estimateOf, say }
}
