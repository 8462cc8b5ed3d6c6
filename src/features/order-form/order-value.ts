// What an order is worth, as the form and the confirmation show it. A limit order's value (price ×
// amount) and a market buy's (the amount spent) are exact, so every digit is shown: "0.00" for a
// 0.001 USDT order would hide it. A market sell's value is the amount at the best bid, an estimate
// like its fill price, so it is rounded to the price's places and marked ≈.
import { formatAmount, formatExact } from '@/lib/format'

export function orderValue(value: string | null, order: { type: string; side: string }, places: number): { label: string; text: string } {
  const exact = order.type !== 'MARKET' || order.side === 'BUY'
  return exact ? { label: 'Value', text: formatExact(value, places) } : { label: 'Value ≈', text: formatAmount(value, places) }
}
