// The order form's draft: what the trader typed, the live verdict of the shared order rules on it, and
// which of its errors and warnings show where. Sending it is order-send.ts; the store joins both.
import { computed, reactive, ref, type Ref } from 'vue'
import type { FieldIssue } from '@domain/errors'
import type { OrderCheck, OrderContext, OrderDraft } from '@domain/orders/orders'
import type { OrderSide, OrderType, StopOperator, WalletType } from '@domain/wire/wire'
import { fieldsFor, presetAmount, type PresetPercent, validateOrder } from '@domain/orders/order-rules'
import { feeContextOf } from '@domain/orders/fee-rules'
import { formatDecimal } from '@domain/decimal'
import { useAccountStore } from '../account/account'
import { useMarketStore } from '../market/market'
import { useOrderFeeRule } from './order-fee-rule'
import { ALWAYS_SHOWN, type IssueField, type PriceField, type TextField } from './order-answers'

/** Called from the order form's store setup. */
export function useOrderDraft() {
  const market = useMarketStore()
  const account = useAccountStore()

  const orderType = ref<OrderType>('LIMIT')
  const side = ref<OrderSide>('BUY')
  const walletType = ref<WalletType>('SPOT')
  const stopOperator = ref<StopOperator>('GTE')
  const values = reactive<Record<TextField, string>>({ base_amount: '', quote_amount: '', limit_price: '', stop_price: '' })
  /** Fields the trader has typed in or left: their errors show from then on. */
  const touched = reactive(new Set<IssueField>())
  const submitAttempted = ref(false)
  /** Errors from the last answer of orders.place, until the field they belong to changes. */
  const serverIssues = ref<(FieldIssue & { field: IssueField })[]>([])
  /** The price field a click on the chart or a trade fills: the stop price while it has focus. */
  const priceTarget = ref<PriceField>('limit_price')

  const pair = computed(() => market.selectedPair)
  /**
   * The chart shows the disk's cached market (the start before the exchange's first answer, or an
   * unreachable exchange): no figure of the form is taken from it. Prices filled in, the best bid and
   * ask, what is available and so the totals and presets wait for the live market.
   */
  const waitingLive = computed(() => market.stale)
  const fields = computed(() => fieldsFor(orderType.value, side.value))

  const draft = computed<OrderDraft>(() => {
    const d: OrderDraft = { pair: market.pair, order_type: orderType.value, order_side: side.value, wallet_type: walletType.value }
    for (const field of fields.value) {
      if (field === 'stop_operator') d.stop_operator = stopOperator.value
      else if (field in values) d[field as TextField] = values[field as TextField]
    }
    return d
  })

  const { feeClock, feeRule } = useOrderFeeRule()

  const context = computed<OrderContext>(() => {
    const p = pair.value
    const ticker = market.ticker
    // Before the first account snapshot the balance is unknown (no warning); after it a currency
    // without a balance row has nothing available.
    if (waitingLive.value) return { pair: p, bestBid: null, bestAsk: null, available: null, fee: feeContextOf(feeRule.value) }
    const available = p && account.loaded ? { base: account.available(p.currency1, walletType.value) ?? '0', quote: account.available(p.currency2, walletType.value) ?? '0' } : null
    return {
      pair: p,
      bestBid: ticker?.buy ?? null,
      bestAsk: ticker?.sell ?? null,
      available,
      fee: feeContextOf(feeRule.value),
    }
  })

  const check = computed<OrderCheck>(() => validateOrder(draft.value, context.value))

  /** The currency this order spends, and how much of it is available in the chosen wallet. */
  const spending = computed(() => {
    const p = pair.value
    if (!p) return null
    const currency = side.value === 'BUY' ? p.currency2 : p.currency1
    const amount = account.loaded && !waitingLive.value ? (account.available(currency, walletType.value) ?? '0') : null
    const places = side.value === 'BUY' ? p.price_precision : p.amount_precision
    return { currency, amount, places }
  })

  function visible(field: IssueField): boolean {
    return field === 'form' || touched.has(field) || submitAttempted.value
  }

  /** The errors shown under a field: the server's first (they are newer), then the rules' once touched. */
  function errorsFor(field: IssueField): FieldIssue[] {
    const server = serverIssues.value.filter((i) => i.field === field)
    const local = visible(field) ? check.value.errors.filter((i) => i.field === field) : []
    return [...server, ...local]
  }

  function warningsFor(field: IssueField): FieldIssue[] {
    return visible(field) ? check.value.warnings.filter((i) => i.field === field) : []
  }

  /** Errors of fields the form does not show (pair, client order id): shown at the top of the form. */
  const formErrors = computed<FieldIssue[]>(() => {
    const shownFields = new Set<string>([...fields.value, ...ALWAYS_SHOWN])
    const local = submitAttempted.value ? check.value.errors.filter((i) => !shownFields.has(i.field)) : []
    return [...serverIssues.value.filter((i) => i.field === 'form'), ...local]
  })

  function forget(field: IssueField): void {
    serverIssues.value = serverIssues.value.filter((i) => i.field !== field && i.field !== 'form')
  }

  function setField(field: TextField, value: string): void {
    values[field] = value
    touched.add(field)
    forget(field)
  }

  function touch(field: IssueField): void {
    touched.add(field)
  }

  /** A choice the trader made: it counts as touched, and the server's errors about it are stale. */
  function choose<T>(target: Ref<T>, field: IssueField, next: T): void {
    target.value = next
    touched.add(field)
    forget(field)
  }

  function setType(next: OrderType): void {
    choose(orderType, 'order_type', next)
    if (!fields.value.includes(priceTarget.value)) priceTarget.value = 'limit_price'
  }

  const setSide = (next: OrderSide): void => choose(side, 'order_side', next)
  const setWallet = (next: WalletType): void => choose(walletType, 'wallet_type', next)
  const setStopOperator = (next: StopOperator): void => choose(stopOperator, 'stop_operator', next)

  function focusPrice(field: PriceField): void {
    priceTarget.value = field
  }

  /**
   * A price clicked on the chart or in the trades: into the stop price while that field has focus,
   * otherwise into the limit price. A market order has no price, so the click makes it a limit order.
   */
  function fillPrice(price: string | number): void {
    // A price read off cached data is never put in an order.
    if (waitingLive.value) return
    const p = pair.value
    let text = String(price)
    try {
      if (p) text = formatDecimal(text, p.price_precision)
    } catch {
      return // not a number: nothing to fill
    }
    if (orderType.value === 'MARKET') setType('LIMIT')
    const target: PriceField = priceTarget.value === 'stop_price' && fields.value.includes('stop_price') ? 'stop_price' : 'limit_price'
    setField(target, text)
  }

  /** Fills the amount with a share of the available balance; false when it cannot be computed yet. */
  function applyPreset(percent: PresetPercent): boolean {
    const preset = presetAmount(percent, draft.value, context.value)
    if (!preset) return false
    setField(preset.field, preset.value)
    return true
  }

  /** Empties the amounts (once an order was placed); price, type and side stay. */
  function clearAmounts(): void {
    values.base_amount = ''
    values.quote_amount = ''
    touched.delete('base_amount')
    touched.delete('quote_amount')
    submitAttempted.value = false
  }

  /** Empties every typed value and the errors shown (the store's reset: see order-form.ts). */
  function resetFields(): void {
    for (const key of Object.keys(values) as TextField[]) values[key] = ''
    touched.clear()
    submitAttempted.value = false
    serverIssues.value = []
  }

  return {
    orderType,
    side,
    walletType,
    stopOperator,
    values,
    touched,
    submitAttempted,
    serverIssues,
    priceTarget,
    pair,
    waitingLive,
    fields,
    draft,
    feeClock,
    feeRule,
    context,
    check,
    spending,
    formErrors,
    errorsFor,
    warningsFor,
    setField,
    touch,
    setType,
    setSide,
    setWallet,
    setStopOperator,
    focusPrice,
    fillPrice,
    applyPreset,
    clearAmounts,
    resetFields,
  }
}

export type OrderDraftState = ReturnType<typeof useOrderDraft>
