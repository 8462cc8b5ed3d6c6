// A list read again against the list on screen: each row that did not change stays the object shown,
// and the list shown itself when no row did. A component given an unchanged row then has nothing to
// render again: the drawings an echo of the chart's own save brings back, the open orders and balances
// a new order's account snapshot repeats (each table cell of every row was rendered again for it);
// and a computed's value (a table's widths) kept while it is equal to the last one.
import equal from 'fast-deep-equal'

/**
 * `previous` while `next` is equal to it, else `next`: returned from a computed (Vue hands it its last
 * value), an equal result triggers nothing that reads it (a table's columns, its header).
 */
export function keptIfEqual<T>(previous: T | undefined, next: T): T {
  return previous !== undefined && equal(previous, next) ? previous : next
}

/** `read`, with its rows equal to a shown row of the same key kept as the shown objects. */
export function keepUnchangedRows<T>(shown: readonly T[], read: T[], keyOf: (row: T) => string | number): T[] {
  const byKey = new Map(shown.map((row) => [keyOf(row), row]))
  const next = read.map((row) => {
    const old = byKey.get(keyOf(row))
    return old !== undefined && equal(old, row) ? old : row
  })
  return next.length === shown.length && next.every((row, i) => row === shown[i]) ? (shown as T[]) : next
}
