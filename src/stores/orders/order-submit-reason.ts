// Why the order form's submit will not send, as one short sentence beside the button. Every state
// that keeps it from sending has one (the store's canSubmit is "no reason"), so the button is never
// greyed out without saying why: a market buy with no amount says "Enter the amount to spend".
import { computed, type ComputedRef, type Ref } from 'vue'
import type { FieldIssue } from '@domain/errors'
import type { OrderCheck } from '@domain/orders/orders'
import type { OrderType, Pair } from '@domain/wire/wire'
import { INPUT_ORDER, fieldLabel } from '@/stores/orders/order-field-label'
import { useMarketStore } from '../market/market'
import { usePairsStore } from '../market/pairs'
import { useSessionStore } from '../session/session'
import type { TextField } from './order-answers'

export interface SubmitState {
  pair: ComputedRef<Pair | null>
  orderType: Ref<OrderType>
  check: ComputedRef<OrderCheck>
  sending: Readonly<Ref<boolean>>
  /** An order is waiting in the confirmation dialog. */
  confirming: ComputedRef<boolean>
}

/**
 * Where a field's error comes when the form is read top to bottom: the choices above the inputs first,
 * then the inputs (the stop operator with its stop price).
 */
function screenRank(field: string): number {
  const input = INPUT_ORDER.indexOf((field === 'stop_operator' ? 'stop_price' : field) as TextField)
  if (input >= 0) return input + 1
  return field === 'client_order_id' ? INPUT_ORDER.length + 1 : 0
}

/**
 * The draft's first error as the form reads top to bottom, named as its field's label when the message
 * alone does not say which field ("Price: At most 2 decimal places"), and how many more there are.
 */
export function errorSummary(errors: readonly FieldIssue[], orderType: OrderType): string | null {
  const first = [...errors].sort((a, b) => screenRank(a.field) - screenRank(b.field))[0]
  if (!first) return null
  const label = (INPUT_ORDER as readonly string[]).includes(first.field) ? fieldLabel(first.field as TextField, orderType) : null
  const named = label && first.code !== 'MISSING_FIELD' && !first.message.startsWith(label) ? `${label}: ${first.message}` : first.message
  const more = errors.length - 1
  if (more === 0) return named
  return `${named} (${more} more ${more === 1 ? 'field' : 'fields'} to fix)`
}

/** What the order form says while the chart shows the cached market (the start, or an unreachable exchange). */
export const WAITING_LIVE = 'Waiting for live prices: the chart shows cached data'

export function useSubmitReason(state: SubmitState) {
  const session = useSessionStore()
  const market = useMarketStore()
  const pairList = usePairsStore()

  /** Why nothing can be sent from this session, whatever is typed; null when it can. */
  function sessionReason(): string | null {
    const s = session.state
    // Not read yet (the core may still be starting), or not readable: no profile is not known.
    if (!s) return session.starting ? 'The terminal is starting: nothing can be sent yet' : 'The session could not be read: nothing can be sent'
    if (!s.profile) return 'Add or activate a profile to trade'
    if (session.notice === 'unreachable') return 'The exchange is unreachable: nothing can be sent until it answers again'
    if (session.canTrade) return null
    if (s.connection.problem === 'auth-failed') return 'The exchange refused this profile’s API key: nothing can be sent'
    if (s.accountId === null) return s.connection.state === 'connecting' ? 'Connecting to the exchange…' : 'No account selected'
    return session.account?.viewOnlyReason ?? 'This account is view-only: the active profile holds no key for it'
  }

  /** The chart shows the cached market: nothing is sent until the live one has replaced it. */
  function staleReason(): string | null {
    return market.stale ? WAITING_LIVE : null
  }

  /** Why the shown pair cannot be traded: none chosen, the list not there, or not listed. */
  function pairReason(): string | null {
    if (state.pair.value) return null
    if (!market.pair) return 'Choose a pair'
    if (pairList.error) return 'The exchange’s pair list could not be loaded'
    if (pairList.pairs.length === 0) return 'Loading the exchange’s pairs…'
    return `${market.pair} is not traded on this exchange`
  }

  return computed<string | null>(() => {
    if (state.sending.value) return 'Waiting for the exchange to answer this order'
    if (state.confirming.value) return 'Confirm or cancel the order first'
    return sessionReason() ?? staleReason() ?? pairReason() ?? errorSummary(state.check.value.errors, state.orderType.value)
  })
}
