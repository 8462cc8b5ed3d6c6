// A read of the drawings against the list on screen: what did not change stays the object shown.
import equal from 'fast-deep-equal'
import type { Drawing } from '@domain/drawings/drawings'

/**
 * `read`, with each drawing that did not change kept as the object shown, and the list shown itself
 * when none did: a read that echoes the chart's own save redraws nothing, and a field being typed in
 * keeps its text.
 */
export function unlessSame(shown: Drawing[], read: Drawing[]): Drawing[] {
  const byId = new Map(shown.map((d) => [d.id, d]))
  const next = read.map((d) => {
    const old = byId.get(d.id)
    return old !== undefined && equal(old, d) ? old : d
  })
  return next.length === shown.length && next.every((d, i) => d === shown[i]) ? shown : next
}
