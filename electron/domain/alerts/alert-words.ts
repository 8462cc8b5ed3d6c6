// Words of alerts that the window uses too. Apart from alerts.ts, whose zod schemas the renderer's
// first screen must not carry.
/** The order an 'order-filled' alert is about, in words: "order 42", or "any order" until one of the pair's fills it. */
export function filledOrderWords(alert: { orderId?: number | undefined; filledOrderId?: number | undefined }): string {
  const id = alert.orderId ?? alert.filledOrderId
  return id === undefined ? 'any order' : `order ${id}`
}
