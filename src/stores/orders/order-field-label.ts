// The order form's inputs as the trader sees them: in the order they are filled in, each named as its
// label shows it, so that words about a field elsewhere (the reason beside the submit button) call it
// what the trader sees and speak of the first one on screen first.
import type { OrderType } from '@domain/wire/wire'
import type { TextField } from '@/stores/orders/order-answers'

/** Top to bottom; a type shows only the ones it needs. */
export const INPUT_ORDER: readonly TextField[] = ['stop_price', 'limit_price', 'base_amount', 'quote_amount']

export function fieldLabel(field: TextField, orderType: OrderType): string {
  switch (field) {
    case 'limit_price':
      return orderType === 'STOP_LIMIT' ? 'Limit price' : 'Price'
    case 'stop_price':
      return 'Stop'
    case 'base_amount':
      return 'Amount'
    case 'quote_amount':
      return 'Spend'
  }
}
