// The order form's state: the draft (order-draft.ts: what the trader typed and the rules' verdict on it)
// and its sending (order-send.ts: confirmation and what happened to the last order sent). The component
// only draws this.
import { defineStore } from 'pinia'
import { watch } from 'vue'
import { useMarketStore } from '../market/market'
import { useOrderDraft } from './order-draft'
import { useOrderSend } from './order-send'
import { useTerminal } from '@/api'
import { formatDecimal } from '@domain/decimal'

export type { IssueField, OrderResult, PriceField, TextField } from './order-answers'

export const useOrderFormStore = defineStore('order-form', () => {
  const market = useMarketStore()
  const form = useOrderDraft()
  const sent = useOrderSend(form)

  /** Empties every typed value (a new pair: a price of the old one must never be sent on the new one). */
  function reset(): void {
    form.resetFields()
    sent.pendingConfirm.value = null
  }

  watch(
    () => market.pair,
    (now, before) => {
      if (now !== before) {
        reset()
        sent.lastResult.value = null
      }
    },
  )

  /**
   * The main window's form takes the prices clicked in a popped-out book (popouts.fill): the price, and
   * the amount when one came, into its fields only, for the pair it shows; another pair's is left. It
   * never sends. Returns the disposer (OrderForm.vue listens while it is mounted).
   */
  function listenPopoutFills(): () => void {
    return useTerminal().on('popouts.fill', ({ pair, price, amount }) => {
      if (pair !== market.pair) return
      form.fillPrice(price)
      const p = form.pair.value
      if (amount === undefined || !p) return
      try {
        form.setField('base_amount', formatDecimal(amount, p.amount_precision))
      } catch {
        // not a number: the price alone is filled
      }
    })
  }

  return {
    listenPopoutFills,
    orderType: form.orderType,
    side: form.side,
    walletType: form.walletType,
    stopOperator: form.stopOperator,
    values: form.values,
    touched: form.touched,
    submitAttempted: form.submitAttempted,
    sending: sent.sending,
    inFlight: sent.inFlight,
    serverIssues: form.serverIssues,
    priceTarget: form.priceTarget,
    pendingConfirm: sent.pendingConfirm,
    lastResult: sent.lastResult,
    pair: form.pair,
    waitingLive: form.waitingLive,
    fields: form.fields,
    draft: form.draft,
    context: form.context,
    feeRule: form.feeRule,
    check: form.check,
    spending: form.spending,
    submitReason: sent.submitReason,
    canSubmit: sent.canSubmit,
    formErrors: form.formErrors,
    errorsFor: form.errorsFor,
    warningsFor: form.warningsFor,
    setField: form.setField,
    touch: form.touch,
    setType: form.setType,
    setSide: form.setSide,
    setWallet: form.setWallet,
    setStopOperator: form.setStopOperator,
    focusPrice: form.focusPrice,
    fillPrice: form.fillPrice,
    applyPreset: form.applyPreset,
    submit: sent.submit,
    confirm: sent.confirm,
    cancelConfirm: sent.cancelConfirm,
    reset,
  }
})
