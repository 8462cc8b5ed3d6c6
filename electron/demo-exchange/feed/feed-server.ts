// The live feed at /alp-ws, on the exchange's own port (the HTTP server hands us its upgrades): the
// protocol of docs/exchange-api.md "The live feed" — text frames, "1" ping / "2" pong, ["subscribe", topic...],
// ["auth", jwt] — fed by the engine's events at the moment it changes something, plus the feed's
// fault modes. What the real exchange's protocol leaves open, and what the demo chose, is in README.md.
import type { Server } from 'node:http'
import type { WebSocket } from 'ws'
import { WebSocketServer } from 'ws'
import type { Decimal } from '../../domain/decimal'
import type { BalanceEntry, Engine, EngineEvents, Order, Side } from '../engine'
import type { FaultMode } from '../faults'
import type { Market } from '../market'
import type { PairInfo } from '../reference'
import { BookDiffer } from './book-diff'
import type { Frame } from './frames'
import { bookLevels, diffFrame, orderFrame, ratesFrame, snapshotFrame, tickerFrame, tradeFrame, walletFrame } from './frames'
import { parseClientMessage } from './topics'

export const FEED_PATH = '/alp-ws'

export interface FeedOptions {
  /** How often the server pings ("1"); default 10 s. */
  pingIntervalMs?: number
  /** Pings a client may leave unanswered; at the next ping it is dropped. Default 3. */
  maxMissedPings?: number
  /** How often tickers, rates and market_depth snapshots go out; default 1 s. */
  tickerIntervalMs?: number
  /** A client whose unsent backlog grows past this is dropped (a slow consumer); default 1 MiB. */
  maxBufferedBytes?: number
}

export interface FeedDeps {
  engine: Engine
  market: Market
  pairs: readonly PairInfo[]
  pairsByName: ReadonlyMap<string, PairInfo>
  /** The server's clock in seconds, skew included. */
  serverSec(): number
  /** The same check REST applies to a bearer token. */
  verifyToken(token: string): { ok: true; accountId: number } | { ok: false; code: string; message: string }
  /** Has the pair's market (every pair's without one) warmed up before it is read (simulation.ts). */
  warm?: (pairName?: string) => void
}

export interface FeedStats {
  /** Open connections now. */
  connections: number
  accepted: number
  droppedSlowConsumers: number
  droppedForMissedPings: number
}

export interface DemoFeed {
  /** Engine events: private updates and book changes. */
  readonly events: EngineEvents
  trade(pair: PairInfo, tsMs: number, price: Decimal, amount: Decimal, takerSide: Side, tradeId: number): void
  /** Serves the feed on the HTTP server's upgrades to FEED_PATH; any other upgrade is answered 404. */
  attach(server: Server): void
  /** Applies the feed faults of a newly set fault mode (the one-shot ones act now). */
  applyFaults(mode: FaultMode): void
  stats(): FeedStats
  close(): void
}

interface Client {
  ws: WebSocket
  topics: Set<string>
  accountId: number | null
  missedPings: number
  /** The 'diff lost' fault: the next book diff this client would get is not sent. */
  loseNextDiff: boolean
}

const MALFORMED_FRAME = '["d",1.5,"BTC_USDT",[[["65000.00"'

export function createFeed(deps: FeedDeps, options: FeedOptions = {}): DemoFeed {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 })
  const clients = new Set<Client>()
  const differs = new Map<string, BookDiffer>()
  const pendingDiffs = new Set<string>()
  const stats = { accepted: 0, droppedSlowConsumers: 0, droppedForMissedPings: 0 }
  let faults: FaultMode = {}
  const maxBuffered = (): number => faults.feedMaxBufferedBytes ?? options.maxBufferedBytes ?? 1024 * 1024

  const send = (c: Client, frame: Frame | string): void => {
    if (c.ws.readyState !== c.ws.OPEN) return
    if (c.ws.bufferedAmount > maxBuffered()) {
      // as real exchanges do: a client that cannot keep up is cut off rather than buffered for ever
      stats.droppedSlowConsumers++
      drop(c)
      return
    }
    c.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame))
  }

  const drop = (c: Client): void => {
    clients.delete(c)
    c.ws.terminate()
  }

  const subscribers = (topic: string, wildcard?: string): Client[] => [...clients].filter((c) => c.topics.has(topic) || (wildcard !== undefined && c.topics.has(wildcard)))

  // a pair's snapshot text, kept until its book changes: many subscribers, one serialisation
  const snapshots = new Map<string, string>()
  const snapshotOf = (p: PairInfo): string => {
    let text = snapshots.get(p.name)
    if (text === undefined) snapshots.set(p.name, (text = JSON.stringify(snapshotFrame(p, bookLevels(p, deps.engine), deps.serverSec()))))
    return text
  }

  /** Sends the pair's changes since the last diff to its diff subscribers. */
  const flushDiff = (pairName: string): void => {
    pendingDiffs.delete(pairName)
    const p = deps.pairsByName.get(pairName)!
    const to = subscribers(`diff.${pairName}`)
    if (to.length === 0) {
      differs.delete(pairName)
      return
    }
    const change = differs.get(pairName)?.next(bookLevels(p, deps.engine))
    if (!change) return
    const frame = JSON.stringify(diffFrame(p, change.asks, change.bids, deps.serverSec()))
    for (const c of to) {
      if (c.loseNextDiff) c.loseNextDiff = false
      else send(c, frame)
    }
  }

  const subscribe = (c: Client, topic: string): void => {
    const [kind, pairName] = topic.split('.') as [string, string]
    // A market not warmed up yet is, before this client hears of it: its warm-up is history, not news.
    if (pairName !== undefined) deps.warm?.(pairName === '*' ? undefined : pairName)
    // pending diffs go to the others first, so that this client's first frame of the pair is its snapshot
    if (kind === 'diff' && differs.has(pairName)) flushDiff(pairName)
    c.topics.add(topic)
    const nowSec = deps.serverSec()
    const pairs = pairName === '*' ? deps.pairs : [deps.pairsByName.get(pairName)!]
    if (kind === 'ticker') send(c, tickerFrame(pairs, deps.engine, deps.market, nowSec))
    else if (kind === 'rates') send(c, ratesFrame(pairs, deps.engine, nowSec))
    else if (kind === 'market_depth') send(c, snapshotOf(pairs[0]!))
    else if (kind === 'diff') {
      // Diffs carry no sequence numbers, so a diff subscriber starts from a snapshot taken at the
      // same point as the diffs that follow it.
      const p = pairs[0]!
      const book = bookLevels(p, deps.engine)
      if (!differs.has(p.name)) differs.set(p.name, new BookDiffer((0).toFixed(p.amountPrecision), book))
      send(c, snapshotFrame(p, book, nowSec))
    }
  }

  const onMessage = (c: Client, text: string): void => {
    if (text === '2') {
      c.missedPings = 0
      return
    }
    const message = parseClientMessage(text, deps.pairsByName)
    const nowSec = deps.serverSec()
    if (!message.ok) return send(c, ['error', nowSec, message.code, message.message])
    if (message.kind === 'subscribe') for (const topic of message.topics) subscribe(c, topic)
    else if (message.kind === 'unsubscribe') for (const topic of message.topics) c.topics.delete(topic)
    if (message.kind === 'auth') {
      const check = deps.verifyToken(message.token)
      if (!check.ok) {
        c.accountId = null
        return send(c, ['error', nowSec, check.code, check.message])
      }
      c.accountId = check.accountId
      send(c, ['auth', nowSec, 'ok'])
    }
  }

  wss.on('connection', (ws: WebSocket) => {
    const c: Client = { ws, topics: new Set(), accountId: null, missedPings: 0, loseNextDiff: false }
    clients.add(c)
    stats.accepted++
    ws.on('message', (data, isBinary) => {
      if (isBinary) return send(c, ['error', deps.serverSec(), 'BAD_MESSAGE', 'The feed speaks text frames only.'])
      onMessage(c, data.toString())
    })
    ws.on('close', () => clients.delete(c))
    ws.on('error', () => drop(c))
  })

  const pingTimer = setInterval(() => {
    if (faults.feedPingsStopped) return
    for (const c of [...clients]) {
      if (c.missedPings >= (options.maxMissedPings ?? 3)) {
        stats.droppedForMissedPings++
        drop(c)
        continue
      }
      c.missedPings++
      send(c, '1')
    }
  }, options.pingIntervalMs ?? 10_000)
  pingTimer.unref()

  const tickerTimer = setInterval(() => {
    if (clients.size === 0) return
    const nowSec = deps.serverSec()
    for (const c of [...clients]) {
      for (const kind of ['ticker', 'rates'] as const) {
        const pairs = c.topics.has(`${kind}.*`) ? deps.pairs : deps.pairs.filter((p) => c.topics.has(`${kind}.${p.name}`))
        if (pairs.length === 0) continue
        send(c, kind === 'ticker' ? tickerFrame(pairs, deps.engine, deps.market, nowSec) : ratesFrame(pairs, deps.engine, nowSec))
      }
      for (const p of deps.pairs) if (c.topics.has(`market_depth.${p.name}`)) send(c, snapshotOf(p))
    }
  }, options.tickerIntervalMs ?? 1_000)
  tickerTimer.unref()

  const privately = (accountId: number, frame: Frame): void => {
    let text: string | null = null
    for (const c of clients) if (c.accountId === accountId) send(c, (text ??= JSON.stringify(frame)))
  }

  return {
    events: {
      onOrder: (o: Order) => privately(o.accountId, orderFrame(o, deps.serverSec())),
      onBalance: (e: BalanceEntry) => privately(e.accountId, walletFrame(e, deps.serverSec())),
      onBook: (pairName) => {
        snapshots.delete(pairName)
        // one diff per pair per turn of the event loop: the simulation requotes a whole ladder at once
        if (!differs.has(pairName) || pendingDiffs.has(pairName)) return
        pendingDiffs.add(pairName)
        setImmediate(() => flushDiff(pairName))
      },
    },
    trade(pair, tsMs, price, amount, takerSide, tradeId) {
      const to = subscribers(`trade.${pair.name}`, 'trade.*')
      if (to.length === 0) return
      const frame = JSON.stringify(tradeFrame(pair, tsMs / 1000, tradeId, price, amount, takerSide))
      for (const c of to) send(c, frame)
    },
    attach(server) {
      server.on('upgrade', (req, socket, head) => {
        const url = req.url ?? '/'
        const q = url.indexOf('?')
        if ((q < 0 ? url : url.slice(0, q)) === FEED_PATH && !faults.feedOff) wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
        else socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n')
      })
    },
    applyFaults(mode) {
      faults = { ...mode }
      if (mode.feedOff || mode.feedDrop) for (const c of [...clients]) drop(c)
      if (mode.feedMalformedFrame) for (const c of [...clients]) send(c, MALFORMED_FRAME)
      if (mode.feedDiffLost) for (const c of clients) c.loseNextDiff = true
    },
    stats: () => ({ connections: clients.size, ...stats }),
    close() {
      clearInterval(pingTimer)
      clearInterval(tickerTimer)
      for (const c of [...clients]) drop(c)
      wss.close()
    },
  }
}

/** Engine events for a feed made after the engine (it needs the engine to exist); dropped until then. */
export function forwardEvents(feed: () => DemoFeed | null): EngineEvents {
  return {
    onOrder: (o) => feed()?.events.onOrder(o),
    onBalance: (e) => feed()?.events.onBalance(e),
    onBook: (pairName) => feed()?.events.onBook(pairName),
  }
}
