// The account feed: balances, fee rules and recent orders of the selected account, polled every few
// seconds while a profile is active and pushed as `account.changed`. Each snapshot carries the
// session generation it was fetched for; a snapshot fetched for an older generation is dropped here
// (and again in the renderer), so one account's data never shows in another's view.
import type { AccountSnapshot, Notice } from '../domain/api'
import { isTerminalError } from '../domain/errors'
import type { OrderRecord } from '../domain/wire'
import type { ExchangeClient } from './exchange/client'
import { startPoller, type Poller } from './poller'

export interface AccountFeedDeps {
  client: ExchangeClient
  generation: number
  accountId: number | null
  /** The account whose key the client holds: only its orders are visible. */
  ownAccountId: number | null
  isCurrent: (generation: number) => boolean
  emit: (snapshot: AccountSnapshot) => void
  notify: (notice: Notice) => void
  intervalMs?: number
  now?: () => number
}

export interface AccountFeed {
  fetch(): Promise<AccountSnapshot>
  kick(): void
  stop(): void
}

const FINAL_NOTICES: Record<string, Notice['kind']> = {
  FILLED: 'order-filled',
  CANCELLED: 'order-cancelled',
  PARTIAL_CANCELED: 'order-cancelled',
}

function describe(order: OrderRecord): string {
  const side = order.side === 'BID' || order.side === 'BUY' ? 'Buy' : 'Sell'
  const price = order.price ? ` @ ${order.price}` : ''
  return `${side} ${order.amount} ${order.pair.replace('_', '/')}${price} (#${order.id})`
}

export function createAccountFeed(deps: AccountFeedDeps): AccountFeed {
  const now = deps.now ?? Date.now
  const abort = new AbortController()
  const signal = abort.signal
  const lastStatus = new Map<number, string>()
  let ordersSupported = true
  let first = true
  let poller: Poller | null = null

  function noticeChanges(orders: OrderRecord[]): void {
    for (const order of orders) {
      const before = lastStatus.get(order.id)
      lastStatus.set(order.id, order.status)
      if (first || before === order.status) continue
      const kind = FINAL_NOTICES[order.status]
      if (kind) {
        deps.notify({ kind, title: kind === 'order-filled' ? 'Order filled' : 'Order cancelled', body: describe(order) })
      } else if (order.status === 'PARTIAL_FILLED' && before !== undefined) {
        deps.notify({ kind: 'order-filled', title: 'Order partly filled', body: `${describe(order)}: ${order.amount_filled ?? '?'} filled` })
      }
    }
    if (lastStatus.size > 500) {
      for (const id of [...lastStatus.keys()].slice(0, lastStatus.size - 500)) lastStatus.delete(id)
    }
    first = false
  }

  async function fetchSnapshot(): Promise<AccountSnapshot> {
    const [balances, feeRules, orders] = await Promise.all([
      deps.client.balances({ signal }),
      deps.client.feeInfo({ signal }),
      ordersSupported
        ? deps.client.recentOrders({ signal }).catch((error: unknown) => {
            if (isTerminalError(error) && error.kind === 'unsupported') {
              ordersSupported = false
              return null
            }
            throw error
          })
        : Promise.resolve(null),
    ])
    const id = deps.accountId
    const mine = (row: { account_id?: number }) => id === null || row.account_id === undefined || row.account_id === id
    const ownView = id === deps.ownAccountId
    const visibleOrders = orders === null ? null : ownView ? orders.filter(mine) : orders.filter((o) => o.account_id === id)
    if (orders && ownView) noticeChanges(orders)
    return {
      generation: deps.generation,
      accountId: id,
      balances: balances.filter(mine),
      feeRules: feeRules.filter(mine),
      orders: visibleOrders,
      fetchedAt: now(),
    }
  }

  async function tick(): Promise<void> {
    const snapshot = await fetchSnapshot()
    if (!abort.signal.aborted && deps.isCurrent(snapshot.generation)) deps.emit(snapshot)
  }

  poller = startPoller(tick, { intervalMs: deps.intervalMs ?? 4_000, maxBackoffMs: 60_000 })

  return {
    fetch: fetchSnapshot,
    kick: () => poller?.kick(),
    stop() {
      abort.abort()
      poller?.stop()
      poller = null
    },
  }
}
