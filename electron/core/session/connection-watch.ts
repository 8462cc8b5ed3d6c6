// The account connection's state, from what the exchange client reports plus the two failures it
// does not report because it does not retry them: a key refused even after signing in again, and an
// answer that cannot be read. Without this the status would say "online" in both cases — the public
// market data keeps succeeding while every private request is refused, and an unreadable answer
// leaves the last report ('online') standing.
//
// An authentication failure holds until a private request succeeds: market data flowing proves
// nothing about the key. A bad answer holds until any request succeeds.
import type { ConnectionStatus } from '../../domain/api/api'
import { isTerminalError } from '../../domain/errors'
import type { ClientStatus, ExchangeClient } from '../exchange/client'
import { statusFromError } from './connection-status'

const PUBLIC_METHODS = ['currencies', 'pairs', 'candles', 'trades', 'time', 'ticker', 'orderbook'] as const
const PRIVATE_METHODS = ['accounts', 'balances', 'feeInfo', 'recentOrders', 'placeOrder', 'cancelOrders'] as const
type AsyncMethod = (typeof PUBLIC_METHODS)[number] | (typeof PRIVATE_METHODS)[number]

export interface ConnectionWatch {
  /** Give this to the client as its onStatus. */
  onClientStatus(status: ClientStatus): void
  /** The client, with every request's outcome watched. */
  wrap(client: ExchangeClient): ExchangeClient
}

export function createConnectionWatch(deps: { now: () => number; current: () => ConnectionStatus; set: (status: ConnectionStatus) => void }): ConnectionWatch {
  let authFailed = false
  // The client's status is shared by public and private requests: while a private request signs in
  // again, a market poll that succeeds must not paint the account light green.
  let reauthenticating = false

  function settled(isPrivate: boolean, error: unknown): void {
    const wasReauthenticating = reauthenticating
    if (isPrivate) reauthenticating = false
    if (error === null) {
      if (isPrivate && wasReauthenticating && !authFailed) {
        deps.set({ state: 'online', message: 'Connected to the exchange.', since: deps.now() })
        return
      }
      const problem = deps.current().problem
      if (problem === undefined || (problem === 'auth-failed' && !isPrivate)) return
      authFailed = false
      deps.set({ state: 'online', message: 'Connected to the exchange.', since: deps.now() })
      return
    }
    if (!isTerminalError(error)) return
    if (error.kind === 'auth' && isPrivate) {
      authFailed = true
      deps.set(statusFromError(error, deps.now()))
    } else if (error.kind === 'malformed') {
      deps.set(statusFromError(error, deps.now()))
    }
  }

  return {
    onClientStatus(status) {
      if (status.state === 'reauthenticating') reauthenticating = true
      if ((authFailed || reauthenticating) && status.state === 'online') return
      deps.set({ ...status, since: deps.now() })
    },
    wrap(client) {
      const watched: ExchangeClient = { ...client }
      const watch = (name: AsyncMethod, isPrivate: boolean) => {
        const original = client[name] as (...args: unknown[]) => Promise<unknown>
        if (typeof original !== 'function') return
        ;(watched as unknown as Record<string, unknown>)[name] = (...args: unknown[]) =>
          original.apply(client, args).then(
            (value) => {
              settled(isPrivate, null)
              return value
            },
            (error: unknown) => {
              settled(isPrivate, error)
              throw error
            },
          )
      }
      for (const name of PUBLIC_METHODS) watch(name, false)
      for (const name of PRIVATE_METHODS) watch(name, true)
      watched.serverSkewMs = () => client.serverSkewMs()
      watched.resetAuth = () => client.resetAuth()
      watched.feedToken = (refused) => client.feedToken(refused)
      return watched
    },
  }
}
