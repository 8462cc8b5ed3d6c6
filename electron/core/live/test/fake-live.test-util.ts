// A live feed that delivers what the test pushes and nothing else (like a server that never sends
// `p` unless told): for book-sync and the book source, where a real socket cannot be made to send
// one exact frame at one exact moment.
import type { FeedMode } from '../../../domain/api/api'
import type { LiveSource } from '../live-link'
import type { FeedEvent } from '../frames'

export interface FakeLive extends LiveSource {
  push(event: FeedEvent): void
  malformed(reason: string): void
  /** A mode change; to 'live' it also says "connected", as a real (re)connect does. */
  setMode(mode: FeedMode): void
  /** Times a held topic was asked for again (a re-read). */
  resubscribed: number
  /** Topics held now. */
  topics: string[]
}

export function fakeLive(initial: FeedMode = 'live'): FakeLive {
  const events = new Set<(e: FeedEvent) => void>()
  const bad = new Set<(reason: string) => void>()
  const modes = new Set<(m: FeedMode) => void>()
  const connects = new Set<() => void>()
  let mode = initial
  const add = <T>(set: Set<T>, fn: T) => (set.add(fn), () => void set.delete(fn))
  const fake: FakeLive = {
    resubscribed: 0,
    topics: [],
    mode: () => mode,
    onMode: (fn) => add(modes, fn),
    subscribe(topics) {
      fake.topics.push(...topics)
      return () => (fake.topics = fake.topics.filter((t) => !topics.includes(t)))
    },
    resubscribe: () => void fake.resubscribed++,
    onEvent: (fn) => add(events, fn),
    onMalformed: (fn) => add(bad, fn),
    onConnected: (fn) => add(connects, fn),
    push: (e) => [...events].forEach((fn) => fn(e)),
    malformed: (reason) => [...bad].forEach((fn) => fn(reason)),
    setMode(next) {
      mode = next
      ;[...modes].forEach((fn) => fn(next))
      if (next === 'live') [...connects].forEach((fn) => fn())
    },
  }
  return fake
}

export const level = (price: string, amount: string) => ({ price, amount })

export function diffEvent(pair: string, asks: [string, string][], bids: [string, string][]): FeedEvent {
  return { kind: 'diff', time: 0, pair, asks: asks.map(([p, a]) => level(p, a)), bids: bids.map(([p, a]) => level(p, a)) }
}

export function snapshotEvent(pair: string, asks: [string, string][], bids: [string, string][]): FeedEvent {
  return { kind: 'snapshot', time: 0, pair, asks: asks.map(([p, a]) => level(p, a)), bids: bids.map(([p, a]) => level(p, a)) }
}
