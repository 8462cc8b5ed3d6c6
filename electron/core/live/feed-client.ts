// The core's client of the exchange's live feed (docs/exchange-api.md "The live feed"), over `ws`: one socket,
// pings answered, topics that can change while connected (and are sent again after every reconnect),
// `auth` with a token from the caller, reconnects with exponential backoff and jitter, a status with
// listeners, and every frame checked (frames.ts) — a malformed one is counted and reported, never a
// crash. What the frames mean for a book is book-sync.ts's business, not this file's.
import WebSocket from 'ws'
import { backoffDelayMs } from '../exchange/retry'
import type { FeedEvent } from './frames'
import { parseFrame } from './frames'

/** connecting: the first try; live: open; reconnecting: lost, trying again; down: failing for a while, or closed. */
export type FeedStatus = 'connecting' | 'live' | 'reconnecting' | 'down'

export interface FeedClientOptions {
  url: string
  /** A token for ["auth", token] on every connect; `refused` when the server refused the last one. Null: public topics only. */
  token?: (refused: boolean) => Promise<string | null>
  /** Consecutive failed connections after which the status says 'down' (it keeps trying). Default 4. */
  downAfterFailures?: number
  /** Longest wait between tries; default 30 s. */
  maxBackoffMs?: number
  /** No frame at all for this long (not even a ping): the connection is dead. Default 30 s. */
  silenceMs?: number
  /** Default 10 s. */
  handshakeTimeoutMs?: number
  random?: () => number
}

export interface FeedClientStats {
  /** Connections opened so far. */
  connects: number
  malformed: number
  /** ms clock of the newest frame, or null. */
  lastFrameAt: number | null
}

export interface FeedClient {
  readonly status: FeedStatus
  /** Adds topics (counted: the same topic from two callers stays until both let go); returns the letting go. */
  subscribe(topics: readonly string[]): () => void
  /** Sends ["subscribe", ...] again for topics already held: the demo answers diff.<PAIR> with a fresh snapshot. */
  resubscribe(topics: readonly string[]): void
  onEvent(listener: (event: FeedEvent) => void): () => void
  onStatus(listener: (status: FeedStatus, reason: string | null) => void): () => void
  onMalformed(listener: (reason: string) => void): () => void
  /** After every successful (re)connect, once topics and auth are sent: state built from the old connection is suspect. */
  onConnected(listener: () => void): () => void
  stats(): FeedClientStats
  close(): void
}

const MAX_TOPICS_PER_MESSAGE = 100
const AUTH_REFUSED = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'UNAUTHORIZED'])

function listeners<A extends unknown[]>(): { add(fn: (...args: A) => void): () => void; emit(...args: A): void } {
  const set = new Set<(...args: A) => void>()
  return {
    add(fn) {
      set.add(fn)
      return () => set.delete(fn)
    },
    emit(...args) {
      for (const fn of [...set]) fn(...args)
    },
  }
}

/** Whether an event of a pair is still wanted (the server may send a little after an unsubscribe, or ignore it). */
function wanted(event: FeedEvent, topics: ReadonlyMap<string, number>): boolean {
  if (event.kind === 'trade') return topics.has(`trade.${event.pair}`) || topics.has('trade.*')
  if (event.kind === 'diff') return topics.has(`diff.${event.pair}`)
  if (event.kind === 'snapshot') return topics.has(`diff.${event.pair}`) || topics.has(`market_depth.${event.pair}`)
  return true
}

export function createFeedClient(options: FeedClientOptions): FeedClient {
  const random = options.random ?? Math.random
  const downAfter = options.downAfterFailures ?? 4
  const topics = new Map<string, number>()
  const events = listeners<[FeedEvent]>()
  const statuses = listeners<[FeedStatus, string | null]>()
  const malformedOnes = listeners<[string]>()
  const connections = listeners<[]>()
  const stats: FeedClientStats = { connects: 0, malformed: 0, lastFrameAt: null }
  let status: FeedStatus = 'connecting'
  let socket: WebSocket | null = null
  let failures = 0
  let closed = false
  let retryTimer: NodeJS.Timeout | null = null
  let silenceTimer: NodeJS.Timeout | null = null
  let authRetried = false

  const setStatus = (next: FeedStatus, reason: string | null): void => {
    if (next === status && reason === null) return
    status = next
    statuses.emit(next, reason)
  }

  const sendTopics = (kind: 'subscribe' | 'unsubscribe', list: readonly string[]): void => {
    if (socket?.readyState !== WebSocket.OPEN) return
    for (let i = 0; i < list.length; i += MAX_TOPICS_PER_MESSAGE) socket.send(JSON.stringify([kind, ...list.slice(i, i + MAX_TOPICS_PER_MESSAGE)]))
  }

  const sendAuth = async (ws: WebSocket, refused: boolean): Promise<void> => {
    if (!options.token) return
    let token: string | null
    try {
      token = await options.token(refused)
    } catch (err) {
      // never the token itself in a reason: only that there is none
      statuses.emit(status, `no token for the feed: ${err instanceof Error ? err.message : 'unknown error'}`)
      return
    }
    if (token !== null && socket === ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(['auth', token]))
  }

  const armSilence = (ws: WebSocket): void => {
    if (silenceTimer) clearTimeout(silenceTimer)
    silenceTimer = setTimeout(() => {
      if (socket === ws) ws.terminate() // 'close' follows, and with it the reconnect
    }, options.silenceMs ?? 30_000)
    silenceTimer.unref()
  }

  const onFrame = (ws: WebSocket, text: string): void => {
    stats.lastFrameAt = Date.now()
    armSilence(ws)
    const frame = parseFrame(text)
    if (frame.type === 'ping') ws.send('2')
    else if (frame.type === 'malformed') {
      stats.malformed++
      malformedOnes.emit(frame.reason)
    } else if (frame.type === 'event') {
      const event = frame.event
      if (event.kind === 'error' && AUTH_REFUSED.has(event.code) && !authRetried) {
        authRetried = true
        void sendAuth(ws, true)
      }
      if (wanted(event, topics)) events.emit(event)
    }
  }

  const scheduleRetry = (reason: string): void => {
    failures++
    setStatus(failures >= downAfter ? 'down' : 'reconnecting', reason)
    const delay = Math.min(options.maxBackoffMs ?? 30_000, backoffDelayMs(failures, random))
    retryTimer = setTimeout(connect, delay)
    retryTimer.unref()
  }

  function connect(): void {
    retryTimer = null
    if (closed) return
    let ws: WebSocket
    try {
      ws = new WebSocket(options.url, { handshakeTimeout: options.handshakeTimeoutMs ?? 10_000, perMessageDeflate: false })
    } catch (err) {
      // a URL that cannot work will not start working: say so and stop
      closed = true
      setStatus('down', `bad feed URL: ${err instanceof Error ? err.message : String(err)}`)
      return
    }
    socket = ws
    let lastError: string | null = null
    ws.on('open', () => {
      failures = 0
      authRetried = false
      stats.connects++
      armSilence(ws)
      sendTopics('subscribe', [...topics.keys()])
      void sendAuth(ws, false)
      setStatus('live', null)
      connections.emit()
    })
    ws.on('message', (data, isBinary) => {
      if (!isBinary) onFrame(ws, data.toString())
    })
    ws.on('error', (err) => {
      lastError = err.message
    })
    ws.on('close', (code) => {
      if (socket !== ws) return
      socket = null
      if (silenceTimer) clearTimeout(silenceTimer)
      if (closed) return
      scheduleRetry(lastError ?? `connection closed (${code})`)
    })
  }

  connect()

  return {
    get status() {
      return status
    },
    subscribe(list) {
      const added = list.filter((t) => !topics.has(t))
      for (const t of list) topics.set(t, (topics.get(t) ?? 0) + 1)
      sendTopics('subscribe', added)
      let released = false
      return () => {
        if (released) return
        released = true
        const removed: string[] = []
        for (const t of list) {
          const n = (topics.get(t) ?? 1) - 1
          if (n > 0) topics.set(t, n)
          else if (topics.delete(t)) removed.push(t)
        }
        sendTopics('unsubscribe', removed)
      }
    },
    resubscribe(list) {
      sendTopics(
        'subscribe',
        list.filter((t) => topics.has(t)),
      )
    },
    onEvent: events.add,
    onStatus: statuses.add,
    onMalformed: malformedOnes.add,
    onConnected: connections.add,
    stats: () => ({ ...stats }),
    close() {
      if (closed && socket === null) return
      closed = true
      if (retryTimer) clearTimeout(retryTimer)
      if (silenceTimer) clearTimeout(silenceTimer)
      const ws = socket
      socket = null
      ws?.close(1000)
      setStatus('down', 'closed')
    },
  }
}
