// A few reads at a time: `fn` over `items` with at most `limit` in flight, the results in the items'
// order. An account's equity rebuild reads each currency's wallet activity and candles (tens of
// calls); one after another they took seconds against a distant exchange, all at once they would
// crowd its rate limit. After a failure no further item is started, and the first failure is thrown.
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  let failed = false
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const i = next++
      try {
        out[i] = await fn(items[i]!)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
  return out
}
