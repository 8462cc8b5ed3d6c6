// What an order's answer means for the form: where an error of orders.place shows (which field),
// what the form says before an order identical to the last one goes out, and the client order ids'
// random source. Pure functions and types, apart from the store that uses them (order-form.ts).
import type { OrderLookupVerdict } from '@domain/api/api'
import type { FieldIssue, TerminalError } from '@domain/errors'
import type { OrderDraftField } from '@domain/orders/orders'
import type { PlaceOrderBody } from '@domain/wire/wire'

export type TextField = 'base_amount' | 'quote_amount' | 'limit_price' | 'stop_price'
export type PriceField = 'limit_price' | 'stop_price'

/** Where an issue shows up: an order field, or 'form' for what belongs to no visible field. */
export type IssueField = OrderDraftField | 'form'

export type OrderResult = { kind: 'placed'; orderIds: number[]; clientOrderId: string } | { kind: 'unknown'; clientOrderId: string; lookup: OrderLookupVerdict; orderIds: number[]; message: string }

/** Exchange and order-desk codes that belong to a field; the amount codes go to the amount field shown. */
const CODE_FIELDS: Record<string, OrderDraftField | 'amount'> = {
  INVALID_QUANTITY: 'amount',
  MIN_ORDER_VALUE: 'amount',
  INSUFFICIENT_FUNDS: 'amount',
  '1003': 'amount', // the public docs' code for a bad amount (docs/exchange-api.md, "Status codes")
  INVALID_PRICE: 'limit_price',
  INVALID_STOP_PRICE: 'stop_price',
  INVALID_STOP_OPERATOR: 'stop_operator',
  INVALID_WALLET_TYPE: 'wallet_type',
  INVALID_ORDER_TYPE: 'order_type',
  INVALID_ORDER_SIDE: 'order_side',
  UNKNOWN_PAIR: 'pair',
}

/** What the confirmation asks before an order identical to one just placed (or maybe placed) goes out. */
export function repeatWarning(last: OrderResult | null): string | null {
  if (!last) return null
  if (last.kind === 'placed' || last.lookup === 'placed') return 'You just placed this order — send another identical one?'
  if (last.lookup === 'probably-placed' || last.lookup === 'several-candidates') return 'This same order was probably placed already (the lookup found a matching order). Send another identical one?'
  // Not found is not proof: the lookup searched recent orders only.
  if (last.lookup === 'not-found') return 'The lookup did not find this same order among the recent orders — that does not prove it was not placed. Send it again?'
  return 'The outcome of this same order is unknown: it may have been placed. Send another identical one?'
}

/** An order body without its client order id: two sends of one order compare equal. */
export function sameOrderKey(body: PlaceOrderBody): string {
  return JSON.stringify({ ...body, client_order_id: undefined })
}

/** Fields the form always shows an error slot for, besides the amount and price fields of the type. */
export const ALWAYS_SHOWN: readonly OrderDraftField[] = ['order_type', 'order_side', 'wallet_type']

/**
 * Maps an error of orders.place onto the form: the validation issues onto their fields, a
 * rejection onto the field its code (or its `field`) names, the rest onto the form as a whole.
 * An issue for a field the form does not show lands on the amount field when it is about the
 * amount, otherwise on the form, so no message is ever lost.
 */
export function issuesFromError(error: TerminalError, shown: readonly OrderDraftField[]): (FieldIssue & { field: IssueField })[] {
  const amountField: OrderDraftField = shown.includes('quote_amount') && !shown.includes('base_amount') ? 'quote_amount' : 'base_amount'
  const place = (field: string | undefined, code: string): IssueField => {
    const byCode = CODE_FIELDS[code]
    let target: string | undefined = field ?? (byCode === 'amount' ? amountField : byCode)
    if (target === 'base_amount' || target === 'quote_amount') target = shown.includes(target) ? target : amountField
    if (target === undefined) return 'form'
    return shown.includes(target as OrderDraftField) || ALWAYS_SHOWN.includes(target as OrderDraftField) ? (target as OrderDraftField) : 'form'
  }
  if (error.issues && error.issues.length > 0) {
    return error.issues.map((issue) => ({ ...issue, field: place(issue.field, issue.code) }))
  }
  return [{ field: place(error.field, error.code), code: error.code, message: error.message }]
}

/** A random source from the platform's CSPRNG: client order ids must not repeat across windows. */
export function secureRandom(): number {
  const buffer = new Uint32Array(1)
  globalThis.crypto.getRandomValues(buffer)
  return buffer[0]! / 2 ** 32
}
