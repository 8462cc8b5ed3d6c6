// The price ladder's state: one-click mode (off at every start, turned on only after its warning), the
// size presets and each pair's chosen step kept in the preferences (a pair without one on the automatic
// step, chosen once per pair from its first book so the rows never jump), the session's volume at each price, and what the
// ladder does — place at a row, cancel or move the own orders there, and the hotkeys' actions (buy at
// the best ask, sell at the best bid, cancel all on the pair, flatten, the next or previous size).
// Every order goes through ladder-orders.ts, which is the order form's path.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { Decimal, floorDecimal } from '@domain/decimal'
import type { OrderSide } from '@domain/wire/wire'
import { DEFAULT_LADDER_PREFS, MAX_LADDER_STEPS, type LadderAction, type LadderPrefs } from '@domain/prefs/ladder-prefs'
import { sortLevels } from '@domain/market/order-book'
import { autoStep } from '@domain/market/auto-step'
import { stepsAway, validStep } from '@domain/market/price-steps'
import { useAccountStore } from '../account/account'
import { useBookStore } from '../market/book'
import { useMarketStore } from '../market/market'
import { useOrderFormStore } from '../orders/order-form'
import { useOrderMoveStore } from '../orders/order-move'
import { usePrefsStore } from '../prefs'
import { useSessionStore } from '../session/session'
import { useLadderOrders } from './ladder-orders'
import { VolumeAtPrice } from './volume-at-price'

/** How many of the ladder's steps a stop-limit's limit lies beyond its stop: room to fill once triggered. */
export const STOP_LIMIT_STEPS = 5

/** Why a size preset cannot be used on this pair, or null. */
export function presetProblem(amount: string, pair: { amount_precision: number; minimum_order_size: string } | null): string | null {
  let value: Decimal
  try {
    value = new Decimal(amount)
  } catch {
    return 'Not a number'
  }
  if (!value.isFinite() || value.lte(0)) return 'Must be more than 0'
  if (!pair) return null
  if (value.decimalPlaces() > pair.amount_precision) return `At most ${pair.amount_precision} decimal places on this pair`
  if (value.lt(pair.minimum_order_size)) return `Below this pair's minimum amount (${new Decimal(pair.minimum_order_size).toFixed()})`
  return null
}

export const useLadderStore = defineStore('ladder', () => {
  const prefs = usePrefsStore()
  const market = useMarketStore()
  const book = useBookStore()
  const account = useAccountStore()
  const form = useOrderFormStore()
  const move = useOrderMoveStore()
  const session = useSessionStore()

  /** Off at every start: a click sends nothing without a confirmation until the trader accepts the warning. */
  const oneClick = ref(false)
  const orders = useLadderOrders(oneClick)

  const settings = computed<LadderPrefs>(() => prefs.prefs.ladder ?? DEFAULT_LADDER_PREFS)
  const presetIndex = computed(() => Math.min(settings.value.preset, settings.value.presets.length - 1))
  const size = computed(() => settings.value.presets[presetIndex.value] ?? DEFAULT_LADDER_PREFS.presets[0]!)
  const sizeProblem = computed(() => presetProblem(size.value, market.selectedPair))
  const pricePrecision = computed(() => market.selectedPair?.price_precision ?? 8)

  // ---- the price step of one row: the trader's for this pair, else automatic ----------------------
  /** The step the trader chose for the pair shown, or null (automatic). */
  const chosenStep = computed(() => settings.value.steps.findLast((s) => s.pair === market.pair)?.step ?? null)
  /** The automatic step of each pair (by its shown key), fixed from the first book with two levels on a side. */
  const autoSteps = ref(new Map<string, string>())
  watch(
    () => [market.shownKey, book.asks, book.bids, market.selectedPair?.price_precision] as const,
    ([key, asks, bids, precision]) => {
      if (precision === undefined || autoSteps.value.has(key)) return
      const found = autoStep(asks, bids, precision)
      if (found !== null) autoSteps.value = new Map(autoSteps.value).set(key, found)
    },
    { immediate: true },
  )
  /** The automatic step for the pair shown; null until its book has come. */
  const automaticStep = computed(() => autoSteps.value.get(market.shownKey) ?? null)
  const step = computed(() => validStep(chosenStep.value ?? automaticStep.value, pricePrecision.value))

  function save(patch: Partial<LadderPrefs>): Promise<void> {
    return prefs.set({ ladder: { ...settings.value, ...patch } })
  }
  const choosePreset = (index: number): Promise<void> => save({ preset: Math.max(0, Math.min(index, settings.value.presets.length - 1)) })
  /** The pair's step chosen (null: automatic again); the latest choice last, the oldest dropped beyond the bound. */
  function setStep(chosen: string | null): Promise<void> {
    const pair = market.pair
    const others = settings.value.steps.filter((s) => s.pair !== pair)
    const steps = chosen === null ? others : [...others, { pair, step: chosen }]
    return save({ steps: steps.slice(-MAX_LADDER_STEPS) })
  }

  // ---- the session's volume at each price -------------------------------------------------------
  // Every batch of trades is counted; the totals are written out as text only when read (the ladder
  // on screen). Writing every price's total after each batch cost the window a conversion per price
  // seen this session, every frame of a burst, with the ladder closed too.
  const volume = new VolumeAtPrice()
  const volumeChanges = shallowRef(0)
  const volumeTotals = computed<ReadonlyMap<string, string>>(() => {
    void volumeChanges.value // a total changed, or the pair did
    return volume.totals()
  })
  watch(
    () => market.shownKey,
    () => {
      volume.clear()
      volumeChanges.value++
    },
    { flush: 'sync' },
  )
  watch(
    () => market.trades,
    (trades) => {
      if (!market.stale && volume.add(trades)) volumeChanges.value++
    },
    { immediate: true },
  )

  // ---- one-click mode ---------------------------------------------------------------------------
  const warningOpen = ref(false)
  function toggleOneClick(): void {
    if (oneClick.value) oneClick.value = false
    else warningOpen.value = true
  }
  function acceptOneClick(): void {
    warningOpen.value = false
    oneClick.value = true
  }
  // Another account or profile: one-click goes off (it was accepted for the money it was shown with),
  // and an order waiting in the confirmation is dropped, as the form's is.
  watch(
    () => session.switchGeneration,
    () => {
      oneClick.value = false
      warningOpen.value = false
      orders.cancelConfirm()
    },
  )

  // ---- orders at a row ---------------------------------------------------------------------------
  /** A LIMIT (or with `stop`, a STOP_LIMIT) of the preset size at a row's price. */
  function placeAt(side: OrderSide, price: string, stop = false): Promise<boolean> {
    if (sizeProblem.value) {
      orders.say('bad', `Not sent: size ${size.value}: ${sizeProblem.value}`)
      return Promise.resolve(false)
    }
    if (!stop) return orders.request({ side, type: 'LIMIT', amount: size.value, price })
    const last = market.lastPrice
    const limit = stepsAway(price, step.value, side === 'BUY' ? STOP_LIMIT_STEPS : -STOP_LIMIT_STEPS, pricePrecision.value)
    const operator = last !== null && new Decimal(price).lt(last) ? 'LTE' : 'GTE'
    const when = operator === 'GTE' ? 'rises to' : 'falls to'
    const note = `Stop-limit: when the price ${when} ${price}, a limit ${side.toLowerCase()} at ${limit} (${STOP_LIMIT_STEPS} rows ${side === 'BUY' ? 'above' : 'below'} the stop, chosen by the ladder).`
    return orders.request({ side, type: 'STOP_LIMIT', amount: size.value, price: limit, stop: price, stopOperator: operator, alwaysConfirm: true, note })
  }

  function ordersAt(ids: readonly number[]) {
    return (account.orders ?? []).filter((o) => ids.includes(o.id))
  }

  async function cancelIds(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return
    try {
      const result = await account.cancel([...ids])
      const statuses = result.kind === 'by-ids' ? ids.map((id) => result.results[String(id)]) : []
      const refused = statuses.filter((s) => s !== undefined && !/cancel/i.test(s))
      if (refused.length > 0) orders.say('warn', `Not cancelled: ${refused.join(', ')}`)
      else orders.say('ok', `Cancel requested: order${ids.length === 1 ? '' : 's'} #${ids.join(', #')}`)
    } catch (error) {
      orders.say('bad', `Could not cancel #${ids.join(', #')}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  /** The move dialog for an own order dropped on another row (cancel, confirmed, then place). */
  function moveTo(orderId: number, price: string): void {
    const order = ordersAt([orderId])[0]
    if (!order) return orders.say('warn', `Order #${orderId} is no longer open`)
    if (order.price !== undefined && order.price !== null && new Decimal(order.price).eq(price)) return
    move.propose(order, price)
  }

  // ---- the hotkeys' actions ------------------------------------------------------------------------
  function best(side: 'ask' | 'bid'): string | null {
    const levels = sortLevels(side === 'ask' ? book.asks : book.bids, side)
    return levels[0]?.price ?? (side === 'ask' ? form.context.bestAsk : form.context.bestBid)
  }

  /** A MARKET sell of what the chosen wallet holds of the pair's base currency, always confirmed. */
  function flatten(): Promise<boolean> {
    const pair = market.selectedPair
    if (!pair) return Promise.resolve(false)
    const held = account.loaded ? account.available(pair.currency1, form.walletType) : null
    if (held === null) {
      orders.say('warn', 'Flatten: the balance is not known yet')
      return Promise.resolve(false)
    }
    const amount = floorDecimal(held, pair.amount_precision)
    if (new Decimal(amount).lte(0)) {
      orders.say('warn', `Flatten: no ${pair.currency1} available in the ${form.walletType} wallet`)
      return Promise.resolve(false)
    }
    const note = `Flatten: sells all ${amount} ${pair.currency1} available in the ${form.walletType} wallet at market (what open sell orders hold stays with them).`
    return orders.request({ side: 'SELL', type: 'MARKET', amount, alwaysConfirm: true, note })
  }

  function run(action: LadderAction): void {
    switch (action) {
      case 'buyBest':
      case 'sellBest': {
        const price = best(action === 'buyBest' ? 'ask' : 'bid')
        if (price === null) return orders.say('warn', 'No best price yet')
        void placeAt(action === 'buyBest' ? 'BUY' : 'SELL', price)
        return
      }
      case 'cancelAll': {
        const ids = book.own.map((o) => o.id)
        if (ids.length === 0) return orders.say('warn', `No open orders on ${market.pair}`)
        void account.cancelAllForPair(market.pair).then(
          () => orders.say('ok', `Cancel requested for all ${ids.length} ${market.pair} orders`),
          (error: unknown) => orders.say('bad', `Could not cancel the ${market.pair} orders: ${error instanceof Error ? error.message : String(error)}`),
        )
        return
      }
      case 'flatten':
        void flatten()
        return
      case 'sizeUp':
      case 'sizeDown':
        void choosePreset(presetIndex.value + (action === 'sizeUp' ? 1 : -1))
        return
    }
  }

  return {
    oneClick,
    warningOpen,
    toggleOneClick,
    acceptOneClick,
    settings,
    presetIndex,
    size,
    sizeProblem,
    step,
    chosenStep,
    automaticStep,
    pricePrecision,
    volumeTotals,
    save,
    choosePreset,
    setStep,
    placeAt,
    cancelIds,
    moveTo,
    run,
    pending: orders.pending,
    sending: orders.sending,
    message: orders.message,
    confirm: orders.confirm,
    cancelConfirm: orders.cancelConfirm,
    estimateOf: orders.estimateOf,
  }
})
