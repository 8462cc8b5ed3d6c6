// Sending the order form's draft, and its answer: the confirmation dialog, the warning when the same
// order follows one just sent, and what happened to the last order sent.
//
// Orders are never resent by themselves: an unknown outcome is shown as such, with what the core's
// lookup found, and the trader decides.
import { computed, shallowRef, watch } from 'vue'
import { toTerminalError } from '@domain/errors'
import type { OrderDraft } from '@domain/orders/orders'
import type { PlaceOrderBody } from '@domain/wire/wire'
import { buildOrderBody, newClientOrderId } from '@domain/orders/order-rules'
import { usePrefsStore } from '../prefs'
import { useSessionStore } from '../session/session'
import type { OrderDraftState } from './order-draft'
import { type OrderResult, issuesFromError, repeatWarning, sameOrderKey, secureRandom } from './order-answers'
import { useSubmitReason } from './order-submit-reason'
import { orderWords, placeOrder } from './order-place'

/** Called from the order form's store setup, with the draft it sends. */
export function useOrderSend(form: OrderDraftState) {
  const session = useSessionStore()
  const prefs = usePrefsStore()
  const { pair, draft, context, check, fields, submitAttempted, serverIssues, feeClock, clearAmounts } = form

  /**
   * The order waiting in the confirmation dialog: the draft to send, the exact body it becomes, and
   * the question to ask when it repeats the order just sent.
   */
  const pendingConfirm = shallowRef<{ draft: OrderDraft; body: PlaceOrderBody; warning: string | null } | null>(null)
  const lastResult = shallowRef<OrderResult | null>(null)
  /**
   * The order on its way, in words, while its answer is awaited: shown where its result will be, so
   * the form keeps its height through an order (the book and the trades under it do not jump, nor
   * lay themselves out again, twice an order).
   */
  const inFlight = shallowRef<{ words: string; clientOrderId: string } | null>(null)
  const sending = computed(() => inFlight.value !== null)
  /** The order behind `lastResult` (placed or unknown), to catch the same order sent again. */
  let lastSentKey: string | null = null

  /** Why a press of submit would send nothing now, for beside the button; null when it would send. */
  const submitReason = useSubmitReason({ pair, orderType: form.orderType, check, sending, confirming: computed(() => pendingConfirm.value !== null) })
  const canSubmit = computed(() => submitReason.value === null)

  /** Validates, then sends or asks for confirmation. Resolves to true when an order went out. */
  async function submit(how: 'key' | 'click' = 'click'): Promise<boolean> {
    submitAttempted.value = true
    feeClock.value = Date.now() // the preview and the confirmation show the rule in force now
    if (!canSubmit.value) return false
    const clientOrderId = newClientOrderId(secureRandom)
    const toSend: OrderDraft = { ...draft.value, client_order_id: clientOrderId }
    let body: PlaceOrderBody
    try {
      body = buildOrderBody(toSend, context.value, clientOrderId)
    } catch (error) {
      serverIssues.value = issuesFromError(toTerminalError(error), fields.value)
      return false
    }
    // The same order by Enter right after one that was placed (or may have been) is asked about, even
    // with confirmations off: a second Enter may be meant for the first order, a click is aimed.
    const warning = how === 'key' && lastSentKey === sameOrderKey(body) ? repeatWarning(lastResult.value) : null
    if (prefs.prefs.confirmOrders || warning) {
      pendingConfirm.value = { draft: toSend, body, warning }
      return false
    }
    return send(toSend, body)
  }

  /** Sends the order waiting in the confirmation dialog. */
  async function confirm(): Promise<boolean> {
    const pending = pendingConfirm.value
    if (!pending || sending.value) return false
    pendingConfirm.value = null
    return send(pending.draft, pending.body)
  }

  function cancelConfirm(): void {
    pendingConfirm.value = null
  }

  async function send(toSend: OrderDraft, body: PlaceOrderBody): Promise<boolean> {
    serverIssues.value = []
    lastResult.value = null
    inFlight.value = { words: orderWords(toSend), clientOrderId: toSend.client_order_id ?? '' }
    // Known before the answer: an answer lost on the way is an unknown outcome of this very order.
    lastSentKey = sameOrderKey(body)
    const generation = session.switchGeneration
    try {
      const outcome = await placeOrder(toSend)
      if (outcome.kind === 'refused') {
        serverIssues.value = issuesFromError(outcome.error, fields.value)
        return false
      }
      lastResult.value = outcome.result
      // The amount is cleared so a second Enter cannot repeat the order; price and type stay.
      if (outcome.kind === 'placed' && generation === session.switchGeneration) clearAmounts()
      return outcome.kind === 'placed'
    } finally {
      inFlight.value = null
    }
  }

  // An order confirmed for one account must not go out from another.
  watch(
    () => session.switchGeneration,
    () => {
      pendingConfirm.value = null
    },
  )

  return { sending, inFlight, pendingConfirm, lastResult, submitReason, canSubmit, submit, confirm, cancelConfirm }
}
