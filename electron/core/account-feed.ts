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

const MAX_NOTICES_PER_POLL = 3

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
    const notices: Notice[] = []
    for (const order of orders) {
      const before = lastStatus.get(order.id)
      lastStatus.set(order.id, order.status)
      if (first || before === order.status) continue
      const kind = FINAL_NOTICES[order.status]
      if (kind) {
        notices.push({ kind, title: kind === 'order-filled' ? 'Order filled' : 'Order cancelled', body: describe(order) })
      } else if (order.status === 'PARTIAL_FILLED' && before !== undefined) {
        notices.push({ kind: 'order-filled', title: 'Order partly filled', body: `${describe(order)}: ${order.amount_filled ?? '?'} filled` })
      }
    }
    // A burst (a bot's fills, a cancel-all) becomes one summary: a wall of toasts helps nobody and
    // costs the window its frame rate.
    if (notices.length > MAX_NOTICES_PER_POLL) {
      const filled = notices.filter((n) => n.kind === 'order-filled').length
      const cancelled = notices.length - filled
      const parts = [filled ? `${filled} filled` : '', cancelled ? `${cancelled} cancelled` : ''].filter(Boolean)
      deps.notify({ kind: filled ? 'order-filled' : 'order-cancelled', title: `${notices.length} orders changed`, body: `${parts.join(', ')} — see Open orders.` })
    } else {
      for (const notice of notices) deps.notify(notice)
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
