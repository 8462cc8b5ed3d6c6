// The alerts of the terminal: the alerts.* methods, and the wiring that runs the alert store against
// every price and order status the core sees. It lives in the core, not the window, so an alert
// fires with the window hidden or closed to the tray.
//
// Prices come from three places: the subscribed feed's ticker and trades (the chart's pair, live),
// and a slow poll of the whole ticker while the active profile has armed price alerts on any pair
// (the feed follows one pair only). Order statuses come from the account feed's recent orders.
// Everything is for the active profile only: an alert set on one exchange never sees another's prices.
import type { EventHub } from '../events'
import type { Logger } from '../storage/logger'
import type { MethodInput, MethodResults } from '../../domain/api/api'
import { TerminalError, toTerminalError } from '../../domain/errors'
import type { Pair } from '../../domain/wire/wire'
import { type AlertStore, createAlertStore } from './alert-store'
import type { Alert, OrderSeen } from '../../domain/alerts/alerts'
import { checkAlertPrice } from '../../domain/alerts/alert-price'
import { noProfile } from '../market/terminal-market'
import type { Session } from '../session/terminal-session'
import type { DrawingStore } from '../drawings/drawing-store'
import { isLineKind, type LineDrawing } from '../../domain/drawings/drawings'

type AlertMethod = 'alerts.list' | 'alerts.create' | 'alerts.cancel'
export type AlertHandlers = { [M in AlertMethod]: (input: MethodInput<M>) => Promise<MethodResults[M]> }

export interface AlertsDeps {
  session: Pick<Session, 'active' | 'client' | 'switchGeneration' | 'profileGeneration' | 'signal'>
  hub: EventHub
  dataDir: string
  now: () => number
  /** The active exchange's pairs (from the exchange, else its cache): a price is checked against its pair. */
  pairs: () => Promise<readonly Pair[]>
  logger?: Logger | undefined
  /** How often the whole ticker is read while price alerts are armed. Default 5 s. */
  pollMs?: number | undefined
  store?: AlertStore
  /** The drawings a 'line' alert follows (read at every price, so the alert follows a moved line). */
  drawings?: Pick<DrawingStore, 'get'>
}

export interface TerminalAlerts {
  handlers: AlertHandlers
  /** Cancels the alerts that follow a deleted drawing; how many. */
  cancelFollowing(profileId: string, drawingId: string): Promise<Alert[]>
  dispose(): void
}

/**
 * Which orders have just filled: FILLED now and not FILLED at the previous look at the same account.
 * The first look after a start or an account switch only learns the statuses (an order filled before
 * it is history, not news), so an alert on any order of a pair never fires for an old fill.
 */
export function fillWatch(): { see(generation: number, orders: readonly { id: number; pair: string; status: string }[]): OrderSeen[] } {
  let seenGeneration: number | null = null
  let wasFilled = new Set<number>()
  return {
    see(generation, orders) {
      const primed = seenGeneration === generation
      const filled = (status: string) => status.toUpperCase() === 'FILLED'
      const seen = orders.map((o) => ({ id: o.id, pair: o.pair, status: o.status, newlyFilled: primed && filled(o.status) && !wasFilled.has(o.id) }))
      wasFilled = new Set(orders.filter((o) => filled(o.status)).map((o) => o.id))
      seenGeneration = generation
      return seen
    },
  }
}

export function createTerminalAlerts(deps: AlertsDeps): TerminalAlerts {
  const { session, hub } = deps
  const log = deps.logger
  const store = deps.store ?? createAlertStore(deps.dataDir, deps.now)
  const warning = store.loadWarning()
  if (warning) log?.warn('alert store', { warning })
  // One price or order update at a time, in the order seen: 'cross' is measured from the one before.
  let queue: Promise<void> = Promise.resolve()
  // The last price of each pair of the active profile, for arming an alert when the ticker is slow.
  const lastPrices = new Map<string, string>()
  const fills = fillWatch()
  /** A line drawing of the profile's by its id; null when it is gone or is not a line. */
  const lineOf = async (profileId: string, drawingId: string): Promise<LineDrawing | null> => {
    const drawing = (await deps.drawings?.get(profileId, drawingId)) ?? null
    return drawing && isLineKind(drawing.kind) ? (drawing as LineDrawing) : null
  }

  function announce(profileId: string, fired: Alert[]): void {
    if (fired.length === 0 || session.active?.id !== profileId) return
    hub.emit('alerts.fired', { session: { profileId, profileGeneration: session.profileGeneration }, alerts: fired })
  }

  /**
   * Says a profile's alerts changed, with its whole list as it now is: every window takes that list,
   * none reads it again. Passes `result` on.
   */
  async function changed<T>(profileId: string, result: T): Promise<T> {
    hub.emit('alerts.changed', { profileId, alerts: await store.list(profileId) })
    return result
  }

  function enqueue(profileId: string, work: () => Promise<Alert[]>): void {
    queue = queue
      .then(work)
      .then((fired) => announce(profileId, fired))
      .catch((error: unknown) => log?.error('alert evaluation failed', { error: String(error) }))
  }

  function seePrice(profileId: string, pair: string, last: string | null | undefined): void {
    if (!last || session.active?.id !== profileId) return
    lastPrices.set(`${profileId}|${pair}`, last)
    const at = deps.now() // a line's price is read at the time its price was seen
    enqueue(profileId, () => store.onPrice(profileId, pair, last, lineOf, at))
  }

  const disposers = [
    hub.on('market.ticker', (p) => seePrice(p.session.profileId, p.pair, p.ticker.last)),
    // Trades arrive newest first. Each is a last price in its turn: a spike through the level and
    // back within one batch still crossed it.
    hub.on('market.trades', (p) => {
      for (let i = p.trades.length - 1; i >= 0; i--) seePrice(p.session.profileId, p.pair, p.trades[i]!.price)
    }),
    hub.on('account.changed', (snapshot) => {
      const profileId = session.active?.id
      if (!profileId || snapshot.switchGeneration !== session.switchGeneration || !snapshot.orders) return
      const orders = fills.see(snapshot.switchGeneration, snapshot.orders)
      enqueue(profileId, () => store.onOrders(profileId, orders))
    }),
  ]

  let polling = false
  async function pollTickers(): Promise<void> {
    const { active, client, signal } = session
    if (polling || !active || !client) return
    const armed = (await store.list(active.id)).some((a) => a.status === 'active' && a.kind !== 'order-filled')
    if (!armed) return
    polling = true
    try {
      for (const ticker of await client.ticker({}, { signal })) seePrice(active.id, ticker.pair.toUpperCase(), ticker.last)
    } catch (error) {
      if (!signal.aborted) log?.warn('alert ticker poll failed', { error: String(error) })
    } finally {
      polling = false
    }
  }
  const timer = setInterval(() => void pollTickers(), deps.pollMs ?? 5_000)
  timer.unref?.()

  function activeProfileId(): string {
    const id = session.active?.id
    if (!id) throw noProfile()
    return id
  }

  /** The pair's last price now, for arming: the ticker, else the last one the feeds showed. */
  async function lastPriceOf(profileId: string, pair: string): Promise<string | null> {
    try {
      const tickers = (await session.client?.ticker({ pair }, { signal: session.signal })) ?? []
      const last = tickers.find((t) => t.pair.toUpperCase() === pair)?.last
      if (last) return last
    } catch (error) {
      log?.warn('alert: ticker for arming failed', { error: String(error) })
    }
    return lastPrices.get(`${profileId}|${pair}`) ?? null
  }

  /**
   * Refuses a price its pair could never trade at: more decimals than the pair quotes (the schema has
   * already refused the rest). The window checks the same, but the core does not trust the window.
   */
  async function checkPrice(pairName: string, price: string): Promise<void> {
    const label = pairName.replace('_', '/')
    let pairs: readonly Pair[]
    try {
      pairs = await deps.pairs()
    } catch (error) {
      const cause = toTerminalError(error)
      throw new TerminalError({
        kind: cause.kind,
        code: cause.code,
        message: `The pairs of this exchange could not be read (${cause.message}), so the price cannot be checked against ${label}'s decimals; nothing was set.`,
      })
    }
    const pair = pairs.find((p) => p.name.toUpperCase() === pairName)
    if (!pair) throw new TerminalError({ kind: 'validation', code: 'UNKNOWN_PAIR', field: 'pair', message: `${label} is not a pair of this exchange; nothing was set.` })
    const checked = checkAlertPrice(price, pair)
    if (!checked.ok) throw new TerminalError({ kind: 'validation', code: 'INVALID_ALERT_PRICE', field: 'price', message: `${checked.problem}; nothing was set.` })
  }

  return {
    handlers: {
      'alerts.list': async () => store.list(activeProfileId()),
      async 'alerts.create'(draft) {
        const profileId = activeProfileId()
        const line = draft.kind === 'line' ? await lineOf(profileId, draft.drawingId) : undefined
        if (draft.kind === 'line' && (!line || line.pair !== draft.pair)) {
          throw new TerminalError({
            kind: 'validation',
            code: 'UNKNOWN_DRAWING',
            field: 'drawingId',
            message: `There is no horizontal line, ray or trend line ${draft.drawingId} on ${draft.pair.replace('_', '/')} in this profile; nothing was set.`,
          })
        }
        if (draft.kind === 'above' || draft.kind === 'below' || draft.kind === 'cross') await checkPrice(draft.pair, draft.price)
        const last = draft.kind === 'order-filled' ? null : await lastPriceOf(profileId, draft.pair)
        if ((draft.kind === 'cross' || draft.kind === 'line') && last === null) {
          throw new TerminalError({
            kind: 'validation',
            code: 'NO_LAST_PRICE',
            field: 'price',
            message: `There is no last price for ${draft.pair.replace('_', '/')} yet, so a crossing cannot be measured; try again when the market has traded.`,
          })
        }
        return changed(profileId, await store.create(profileId, draft, last, line ?? undefined))
      },
      'alerts.cancel': async ({ id }) => {
        const profileId = activeProfileId()
        return changed(profileId, await store.cancel(profileId, id))
      },
    },
    async cancelFollowing(profileId, drawingId) {
      const cancelled = await store.cancelFollowing(profileId, drawingId)
      return cancelled.length > 0 ? await changed(profileId, cancelled) : cancelled
    },
    dispose() {
      clearInterval(timer)
      for (const dispose of disposers) dispose()
    },
  }
}
