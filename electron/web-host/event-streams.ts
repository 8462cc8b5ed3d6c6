// The web host's event stream (GET /events): the core's events, as server-sent events, to every
// window's open stream. server.ts checks the session and writes the stream's head; this file only
// carries the events: those a session's calls caused before its stream opened are kept for it and
// sent first, a stream whose window stopped reading is cut, and a ping keeps idle streams open.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TerminalCore } from '../domain/api/api'
import { EVENT_NAMES } from '../domain/api/api-names'

/**
 * A window that stops reading its event stream (a hung tab) is cut off once this much is waiting for
 * it, instead of being buffered for without end in the host; its page reconnects and reads its state
 * again (src/api/transport.ts, startup.ts), so what it shows has no gap.
 */
export const STREAM_BACKLOG_BYTES = 8 * 1024 * 1024

/**
 * A window's first calls go out beside its event stream's request, and the events that follow an
 * answer (a subscription's first updates, the feed's modes) could reach the host before the stream
 * did, and be sent to no one. So from a session's first call until its stream opens, the events are
 * kept for it (at most this long and this much) and written to the stream first.
 */
export const EARLY_EVENTS_MS = 10_000
export const EARLY_EVENTS_BYTES = 2 * 1024 * 1024

/** How often an idle stream is pinged: kept alive through idle proxies, and a dead tab found. */
const HEARTBEAT_MS = 15_000

export interface EventStreams {
  /** A call of `session`: if it has no stream yet, its events are kept from now until the stream opens. */
  keepEarly(session: string): void
  /** `session`'s stream on `res` (its head written): what was kept for it first, then every event. */
  open(req: IncomingMessage, res: ServerResponse, session: string): void
  close(): void
}

export function createEventStreams(core: TerminalCore, backlogLimit = STREAM_BACKLOG_BYTES): EventStreams {
  const streams = new Set<ServerResponse>()
  /** The session of each open stream, and the events kept for sessions that have called but have no stream yet. */
  const streamSession = new Map<ServerResponse, string>()
  const early = new Map<string, { frames: string[]; bytes: number; timer: NodeJS.Timeout }>()

  function sendEvent(res: ServerResponse, frame: string): void {
    if (res.writableLength > backlogLimit) {
      streams.delete(res)
      streamSession.delete(res)
      res.destroy()
      return
    }
    // The frames of one turn of the event loop go out as one write: one read of the exchange's feed
    // makes several events (the trades, the candles, each chart pane's candles), and each write would
    // be one more task for the window to take (docs/performance.md).
    if (!res.writableCorked) {
      res.cork()
      setImmediate(() => res.uncork())
    }
    res.write(frame)
  }

  const disposers = EVENT_NAMES.map((name) =>
    core.on(name, (payload) => {
      const frame = `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`
      for (const res of streams) sendEvent(res, frame)
      for (const [session, kept] of early) {
        kept.bytes += frame.length
        kept.frames.push(frame)
        // A window that never opens its stream is not kept for without end.
        if (kept.bytes > EARLY_EVENTS_BYTES) {
          clearTimeout(kept.timer)
          early.delete(session)
        }
      }
    }),
  )

  const heartbeat = setInterval(() => {
    for (const res of streams) sendEvent(res, ': ping\n\n')
  }, HEARTBEAT_MS)
  heartbeat.unref()

  return {
    keepEarly(session) {
      if (early.has(session) || [...streamSession.values()].includes(session)) return
      const timer = setTimeout(() => early.delete(session), EARLY_EVENTS_MS)
      timer.unref()
      early.set(session, { frames: [], bytes: 0, timer })
    },
    open(req, res, session) {
      // What happened since the session's first call, before anything newer.
      const kept = early.get(session)
      early.delete(session)
      if (kept) clearTimeout(kept.timer)
      res.write(`: connected\n\n${kept?.frames.join('') ?? ''}`)
      streams.add(res)
      streamSession.set(res, session)
      req.on('close', () => {
        streams.delete(res)
        streamSession.delete(res)
      })
    },
    close() {
      clearInterval(heartbeat)
      for (const dispose of disposers) dispose()
      for (const res of streams) res.end()
      streams.clear()
      for (const kept of early.values()) clearTimeout(kept.timer)
      early.clear()
    },
  }
}
