// `npm run cli -- watch --pair BTC_USDT [--topics trades,book,ticker]`: the live feed as JSON lines,
// one per event, until interrupted (scripts and support). The book is the kept one (snapshot + diffs,
// re-read on any doubt), printed as its top levels each time it changes; a doubt is printed as such.
import type { ExchangeClient } from '../core/exchange/client'
import { TerminalError } from '../domain/errors'
import { createBookSync, restBookReader } from '../core/live/book-sync'
import { createFeedClient } from '../core/live/feed-client'
import { FeedUrlError, defaultFeedUrl } from '../core/live/feed-url'
import { sourceOfClient } from '../core/live/live-link'
import type { ParsedArgs } from './args'
import { UsageError, integer, required, text } from './args'

export const WATCH_TOPICS = ['trades', 'book', 'ticker'] as const
type WatchTopic = (typeof WATCH_TOPICS)[number]

export interface WatchIo {
  stdout: { write(text: string): unknown }
  /** Ends the watch; without one, SIGINT or SIGTERM does. */
  stop?: AbortSignal
  resolveProfile?: (name: string) => Promise<{ baseUrl: string }>
}

function topicsOf(flags: ParsedArgs['flags']): WatchTopic[] {
  const value = text(flags, 'topics')
  if (value === undefined) return [...WATCH_TOPICS]
  const list = value
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t !== '')
  const unknown = list.filter((t) => !(WATCH_TOPICS as readonly string[]).includes(t))
  if (list.length === 0 || unknown.length > 0) throw new UsageError(`--topics takes a comma-separated list of ${WATCH_TOPICS.join(', ')}; got "${value}".`)
  return [...new Set(list)] as WatchTopic[]
}

/** The feed's URL: --feed-url, or made from the profile's or --base-url's exchange (also the `keeper`'s). */
export async function feedUrlOf(flags: ParsedArgs['flags'], io: Pick<WatchIo, 'resolveProfile'>): Promise<string> {
  const given = text(flags, 'feed-url')
  if (given !== undefined) {
    if (!/^wss?:\/\/[^\s/]+/i.test(given)) throw new UsageError(`--feed-url must be a ws:// or wss:// URL, got "${given}".`)
    // printed on the first line and in errors: no place for a password
    if (/^wss?:\/\/[^/]*@/i.test(given)) throw new UsageError('--feed-url must not carry a user name or password; the feed authenticates with a token.')
    return given
  }
  const profile = text(flags, 'profile')
  const baseUrl = profile !== undefined && io.resolveProfile ? (await io.resolveProfile(profile)).baseUrl : text(flags, 'base-url')
  if (baseUrl === undefined) throw new UsageError('Say which exchange: --base-url <url>, --profile <name> or --feed-url <ws url>.')
  try {
    return defaultFeedUrl(baseUrl)
  } catch (error) {
    if (error instanceof FeedUrlError) throw new UsageError(`${error.message} (or give --feed-url)`)
    throw error
  }
}

function stopSignal(io: WatchIo): AbortSignal {
  if (io.stop) return io.stop
  const controller = new AbortController()
  const stop = (): void => controller.abort()
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  controller.signal.addEventListener('abort', () => {
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
  })
  return controller.signal
}

/**
 * A pair the exchange does not list would be watched forever in near silence (the feed refuses its
 * topics once; the book's re-reads fail every few seconds): it is said at once, and nothing is watched.
 */
async function checkListed(rest: ExchangeClient, pair: string): Promise<void> {
  const names = (await rest.pairs()).map((p) => p.name)
  if (names.includes(pair)) return
  const shown = names.slice(0, 20).join(', ') + (names.length > 20 ? `, … (${names.length} in all)` : '')
  throw new TerminalError({
    kind: 'validation',
    code: 'UNKNOWN_PAIR',
    field: 'pair',
    message: `This exchange lists no pair "${pair}"${names.length ? `; it lists ${shown}` : ''}. Nothing is watched.`,
  })
}

/** Prints the feed of one pair until stopped; `connect` gives the REST client the book re-reads with. */
export async function runWatch(args: ParsedArgs, io: WatchIo, connect: () => Promise<ExchangeClient>): Promise<void> {
  const pair = required(args.flags, 'pair', 'watch').toUpperCase()
  const topics = topicsOf(args.flags)
  const depth = integer(args.flags, 'limit', 1, 1000) ?? 10
  const url = await feedUrlOf(args.flags, io)
  // With only --feed-url there is no REST to ask: the feed's own refusal is printed as it comes.
  const canAsk = text(args.flags, 'base-url') !== undefined || text(args.flags, 'profile') !== undefined
  const rest = canAsk ? await connect() : null
  if (rest) await checkListed(rest, pair)
  const stop = stopSignal(io)
  const line = (value: Record<string, unknown>): void => void io.stdout.write(`${JSON.stringify({ at: new Date().toISOString(), ...value })}\n`)

  const client = createFeedClient({ url })
  const disposers: (() => void)[] = [
    client.onStatus((status, reason) => line({ type: 'status', status, ...(reason ? { reason } : {}) })),
    client.onMalformed((reason) => line({ type: 'malformed', reason })),
    client.onEvent((event) => {
      if (event.kind === 'trade' || event.kind === 'ticker' || event.kind === 'error') line({ type: event.kind, ...omitKind(event) })
    }),
  ]
  const wanted = [...(topics.includes('trades') ? [`trade.${pair}`] : []), ...(topics.includes('ticker') ? [`ticker.${pair}`] : [])]
  if (wanted.length > 0) disposers.push(client.subscribe(wanted))
  if (rest && topics.includes('book')) {
    const book = createBookSync({ feed: sourceOfClient(client), pair, readSnapshot: restBookReader(rest, pair) })
    disposers.push(
      book.onDoubt((reason) => line({ type: 'book-doubt', pair, reason })),
      book.onChange(() => {
        const view = book.view(depth)
        line({ type: 'book', pair, state: view.state, ...(view.reason ? { reason: view.reason } : {}), asks: view.asks, bids: view.bids })
      }),
      () => book.close(),
    )
  }
  line({ type: 'watching', pair, topics, url })
  await new Promise<void>((resolve) => (stop.aborted ? resolve() : stop.addEventListener('abort', () => resolve(), { once: true })))
  for (const dispose of disposers.reverse()) dispose()
  client.close()
}

function omitKind<T extends { kind: string }>(event: T): Omit<T, 'kind'> {
  const { kind: _kind, ...rest } = event
  return rest
}
