// The order form's state: what the trader typed, the live verdict of the shared order rules on it,
// and what happened to the last order sent. The component only draws this.
//
// Orders are never resent by themselves: an unknown outcome is shown as such, with what the core's
// lookup found, and the trader decides.
import { defineStore } from 'pinia'
import { computed, onScopeDispose, reactive, ref, shallowRef, watch } from 'vue'
import type { PlaceOrderResult } from '@domain/api'
import type { FieldIssue } from '@domain/errors'
import { toTerminalError } from '@domain/errors'
import type { OrderCheck, OrderContext, OrderDraft } from '@domain/orders'
import type { OrderSide, OrderType, PlaceOrderBody, StopOperator, WalletType } from '@domain/wire'
import { buildOrderBody, fieldsFor, newClientOrderId, presetAmount, type PresetPercent, validateOrder } from '@domain/order-rules'
import { feeContextOf, nextRuleBoundary, resolveFeeRule } from '@domain/fee-rules'
import { formatDecimal } from '@domain/decimal'
import { useTerminal } from '@/api'
import { useAccountStore } from './account'
import { useMarketStore } from './market'
import { usePrefsStore } from './prefs'
import { useSessionStore } from './session'
import { ALWAYS_SHOWN, type IssueField, type OrderResult, type PriceField, type TextField, issuesFromError, repeatWarning, sameOrderKey, secureRandom } from './order-answers'

export type { IssueField, OrderResult, PriceField, TextField } from './order-answers'

export const useOrderFormStore = defineStore('order-form', () => {
  const market = useMarketStore()
  const account = useAccountStore()
  const session = useSessionStore()
  const prefs = usePrefsStore()

  const orderType = ref<OrderType>('LIMIT')
  const side = ref<OrderSide>('BUY')
  const walletType = ref<WalletType>('SPOT')
  const stopOperator = ref<StopOperator>('GTE')
  const values = reactive<Record<TextField, string>>({ base_amount: '', quote_amount: '', limit_price: '', stop_price: '' })
  /** Fields the trader has typed in or left: their errors show from then on. */
  const touched = reactive(new Set<IssueField>())
  const submitAttempted = ref(false)
  const sending = ref(false)
  /** Errors from the last answer of orders.place, until the field they belong to changes. */
  const serverIssues = ref<(FieldIssue & { field: IssueField })[]>([])
  /** The price field a click on the chart or a trade fills: the stop price while it has focus. */
  const priceTarget = ref<PriceField>('limit_price')
  /**
   * The order waiting in the confirmation dialog: the draft to send, the exact body it becomes, and
   * the question to ask when it repeats the order just sent.
   */
  const pendingConfirm = shallowRef<{ draft: OrderDraft; body: PlaceOrderBody; warning: string | null } | null>(null)
  const lastResult = shallowRef<OrderResult | null>(null)
  /** The order behind `lastResult` (placed or unknown), to catch the same order sent again. */
  let lastSentKey: string | null = null

  const pair = computed(() => market.selectedPair)
  const fields = computed(() => fieldsFor(orderType.value, side.value))

  const draft = computed<OrderDraft>(() => {
    const d: OrderDraft = { pair: market.pair, order_type: orderType.value, order_side: side.value, wallet_type: walletType.value }
    for (const field of fields.value) {
      if (field === 'stop_operator') d.stop_operator = stopOperator.value
      else if (field in values) d[field as TextField] = values[field as TextField]
    }
    return d
  })

  // The moment the fee rule is resolved for. A rule whose window opens or closes while the form is
  // open changes the fee: a timer set for the next window bound moves this clock then (and at least
  // every minute, so a machine that slept catches up), and a submit moves it to the moment of sending.
  const feeClock = ref(Date.now())
  let feeTimer: ReturnType<typeof setTimeout> | null = null
  watch(
    [() => account.feeRules, feeClock],
    () => {
      if (feeTimer !== null) clearTimeout(feeTimer)
      const now = Date.now()
      const boundary = nextRuleBoundary(account.feeRules, feeClock.value)
      const wait = Math.min(60_000, Math.max(0, (boundary ?? Number.POSITIVE_INFINITY) - now))
      feeTimer = setTimeout(() => (feeClock.value = Date.now()), wait)
    },
    { immediate: true },
  )
  onScopeDispose(() => {
    if (feeTimer !== null) clearTimeout(feeTimer)
  })

  const feeRule = computed(() => {
    const p = pair.value
    const accountId = session.accountId ?? account.accountId
    if (!p || accountId === null) return null
    const currencyIds = market.currencies
      .filter((c) => (c.short_name === p.currency1 || c.short_name === p.currency2) && typeof c.id === 'number')
      .map((c) => c.id as number)
    return resolveFeeRule(account.feeRules, { accountId, pairId: p.id ?? null, currencyIds, at: new Date(feeClock.value) })
  })

  const context = computed<OrderContext>(() => {
    const p = pair.value
    const ticker = market.ticker
    // Before the first account snapshot the balance is unknown (no warning); after it a currency
    // without a balance row has nothing available.
    const available =
      p && account.loaded
        ? { base: account.available(p.currency1, walletType.value) ?? '0', quote: account.available(p.currency2, walletType.value) ?? '0' }
        : null
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
    const amount = account.loaded ? (account.available(currency, walletType.value) ?? '0') : null
    const places = side.value === 'BUY' ? p.price_precision : p.amount_precision
    return { currency, amount, places }
  })

  /** Why the order cannot be sent whatever is typed; null when it can. */
  const blockReason = computed<string | null>(() => {
    if (!session.state?.profile) return 'Add or activate a profile to trade'
    if (session.notice === 'unreachable') return 'The exchange is unreachable: nothing can be sent until it answers again'
    if (!session.canTrade) return session.account?.viewOnlyReason ?? 'This account is view-only: the active profile holds no key for it'
    if (!pair.value) return 'Choose a pair'
    return null
  })

  /** Why the last press of submit sent nothing, beside the button (the field says it too). */
  const blockedMessage = computed<string | null>(() => {
    if (!submitAttempted.value || blockReason.value !== null || sending.value) return null
    const first = check.value.errors[0]
    return first ? `Not sent: ${first.message}` : null
  })

  const canSubmit = computed(
    () => blockReason.value === null && check.value.errors.length === 0 && !sending.value && pendingConfirm.value === null,
  )

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

  function setType(next: OrderType): void {
    orderType.value = next
    touched.add('order_type')
    forget('order_type')
    if (!fields.value.includes(priceTarget.value)) priceTarget.value = 'limit_price'
  }

  function setSide(next: OrderSide): void {
    side.value = next
    touched.add('order_side')
    forget('order_side')
  }

  function setWallet(next: WalletType): void {
    walletType.value = next
    touched.add('wallet_type')
    forget('wallet_type')
  }

  function setStopOperator(next: StopOperator): void {
    stopOperator.value = next
    touched.add('stop_operator')
    forget('stop_operator')
  }

  function focusPrice(field: PriceField): void {
    priceTarget.value = field
  }

  /**
   * A price clicked on the chart or in the trades: into the stop price while that field has focus,
   * otherwise into the limit price. A market order has no price, so the click makes it a limit order.
   */
  function fillPrice(price: string | number): void {
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
    const clientOrderId = toSend.client_order_id ?? ''
    sending.value = true
    serverIssues.value = []
    lastResult.value = null
    // Known before the answer: an answer lost on the way is an unknown outcome of this very order.
    lastSentKey = sameOrderKey(body)
    const generation = session.generation
    try {
      const result: PlaceOrderResult = await useTerminal().call('orders.place', toSend)
      if (result.outcome === 'placed') {
        lastResult.value = { kind: 'placed', orderIds: result.orderIds, clientOrderId: result.clientOrderId }
        // The amount is cleared so a second Enter cannot repeat the order; price and type stay.
        if (generation === session.generation) clearAmounts()
        return true
      }
      lastResult.value = { kind: 'unknown', clientOrderId: result.clientOrderId, lookup: result.lookup, orderIds: result.orderIds, message: result.message }
      return false
    } catch (cause) {
      const error = toTerminalError(cause)
      // A POST that timed out, or that the host may have received before failing, may have placed
      // the order: that is an unknown outcome, never a plain failure the trader would retry.
      if (error.kind === 'outcome-unknown' || error.kind === 'timeout' || error.code === 'HOST_UNREACHABLE') {
        lastResult.value = { kind: 'unknown', clientOrderId, lookup: 'still-unknown', orderIds: [], message: error.message }
      } else {
        serverIssues.value = issuesFromError(error, fields.value)
      }
      return false
    } finally {
      sending.value = false
    }
  }

  function clearAmounts(): void {
    values.base_amount = ''
    values.quote_amount = ''
    touched.delete('base_amount')
    touched.delete('quote_amount')
    submitAttempted.value = false
  }

  /** Empties every typed value (a new pair: a price of the old one must never be sent on the new one). */
  function reset(): void {
    for (const key of Object.keys(values) as TextField[]) values[key] = ''
    touched.clear()
    submitAttempted.value = false
    serverIssues.value = []
    pendingConfirm.value = null
  }

  watch(() => market.pair, (now, before) => {
    if (now !== before) {
      reset()
      lastResult.value = null
    }
  })
  // An order confirmed for one account must not go out from another.
  watch(() => session.generation, () => {
    pendingConfirm.value = null
  })

  return {
    orderType,
    side,
    walletType,
    stopOperator,
    values,
    touched,
    submitAttempted,
    sending,
    serverIssues,
    priceTarget,
    pendingConfirm,
    lastResult,
    pair,
    fields,
    draft,
    context,
    feeRule,
    check,
    spending,
    blockReason,
    blockedMessage,
    canSubmit,
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
    submit,
    confirm,
    cancelConfirm,
    reset,
  }
})
