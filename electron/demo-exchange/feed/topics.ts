// What a feed client may send: ["subscribe", topic...], ["unsubscribe", topic...] (the demo's own
// addition: the official client never unsubscribes) and ["auth", jwt]. Anything else gets an error
// frame naming what was wrong, and the connection stays open.
import type { PairInfo } from '../reference'

export type ClientMessage =
  { ok: true; kind: 'subscribe' | 'unsubscribe'; topics: string[] } | { ok: true; kind: 'auth'; token: string } | { ok: false; code: 'BAD_MESSAGE' | 'UNKNOWN_TOPIC'; message: string }

const ANY_PAIR_KINDS = new Set(['ticker', 'trade', 'rates'])
const ONE_PAIR_KINDS = new Set(['diff', 'market_depth'])
const MAX_TOPICS = 200

/** The reason a topic is not one the feed serves, or null when it is. */
export function topicProblem(topic: string, pairs: ReadonlyMap<string, PairInfo>): string | null {
  const dot = topic.indexOf('.')
  const kind = dot < 0 ? topic : topic.slice(0, dot)
  const pair = dot < 0 ? '' : topic.slice(dot + 1)
  if (!ANY_PAIR_KINDS.has(kind) && !ONE_PAIR_KINDS.has(kind)) {
    return `Unknown topic ${JSON.stringify(topic)}: topics are ticker.*, ticker.<PAIR>, trade.*, trade.<PAIR>, rates.*, rates.<PAIR>, diff.<PAIR>, market_depth.<PAIR>.`
  }
  if (pair === '*' && ANY_PAIR_KINDS.has(kind)) return null
  if (!pairs.has(pair)) return `Unknown pair in topic ${JSON.stringify(topic)}.`
  return null
}

export function parseClientMessage(text: string, pairs: ReadonlyMap<string, PairInfo>): ClientMessage {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, code: 'BAD_MESSAGE', message: 'Not JSON: send "2" (pong) or a JSON array such as ["subscribe", "trade.BTC_USDT"].' }
  }
  if (!Array.isArray(value) || typeof value[0] !== 'string') {
    return { ok: false, code: 'BAD_MESSAGE', message: 'A message is a JSON array whose first element names it: subscribe, unsubscribe or auth.' }
  }
  const [kind, ...rest] = value as [string, ...unknown[]]
  if (kind === 'auth') {
    if (rest.length !== 1 || typeof rest[0] !== 'string' || rest[0] === '') {
      return { ok: false, code: 'BAD_MESSAGE', message: 'auth takes one element: the token POST /auth returns.' }
    }
    return { ok: true, kind, token: rest[0] }
  }
  if (kind !== 'subscribe' && kind !== 'unsubscribe') {
    return { ok: false, code: 'BAD_MESSAGE', message: `Unknown message ${JSON.stringify(kind)}: subscribe, unsubscribe or auth.` }
  }
  if (rest.length === 0 || rest.length > MAX_TOPICS || !rest.every((t): t is string => typeof t === 'string')) {
    return { ok: false, code: 'BAD_MESSAGE', message: `${kind} takes 1 to ${MAX_TOPICS} topic names (strings).` }
  }
  for (const topic of rest) {
    const problem = topicProblem(topic, pairs)
    if (problem !== null) return { ok: false, code: 'UNKNOWN_TOPIC', message: problem }
  }
  return { ok: true, kind, topics: rest }
}
