// The account feed: balances, fee rules and recent orders of the selected account, polled every few
// seconds while a profile is active and pushed as `account.changed`. Each snapshot carries the
// switch generation it was fetched for; a snapshot fetched for an older one is dropped here
// (and again in the renderer), so one account's data never shows in another's view.
//
// The live feed's private frames patch the last snapshot at once (account-frames.ts) and the patched
// snapshot goes out within the same turn of the event loop, however many frames came in it; a REST
// read follows each burst and its answer wins. Frames that arrive while a read is in flight are laid
// over its answer (the read may have been served before them), so a number never steps back to an
// older one on screen; the read kicked by those frames then starts after them and stands alone. That
// read starts on a timer (reconcileMs, by default RECONCILE_MS): after the emit, so the window gets
// the frames' numbers first, and soon, so its answer is drawn before the trader's next action rather
// than in the middle of it (measured: a 200 ms wait made back-to-back orders slower to show). Started
// on the next turn, its three reads (and the exchange's work to answer them) ran while the window drew
// the frames' snapshot, on the same two cores: 60 ms later, orders showed ~7 ms sooner (p50 of 30
// orders, 8 interleaved runs each, docs/performance.md).
import type { AccountSnapshot, Notice } from '../../domain/api/api'
import { isTerminalError } from '../../domain/errors'
import type { OrderRecord } from '../../domain/wire/wire'
import type { ExchangeClient } from '../exchange/client'
import { startPoller, type Poller } from '../poller'
import { patchSnapshot, type AccountEvent } from './account-frames'
import { orderNotice, type OrderOwner } from './order-notices'

export type { OrderOwner }

export interface AccountFeedDeps {
  client: ExchangeClient
  switchGeneration: number
  accountId: number | null
  /** The account whose key the client holds: only its orders are visible. */
  ownAccountId: number | null
  isCurrent: (switchGeneration: number) => boolean
  emit: (snapshot: AccountSnapshot) => void
  notify: (notice: Notice) => void
  /** Which protected position's order this is, if any (positions/): its notices say so. */
  orderOwner?: ((orderId: number) => OrderOwner | null) | undefined
  /** A protected position's order changed its status (filled, partly, cancelled): its keeper acts now. */
  ownedOrderChanged?: (() => void) | undefined
  intervalMs?: number
  /** How long after frames were shown the reconciling read starts. Default RECONCILE_MS. */
  reconcileMs?: number
  now?: () => number
}

export interface AccountFeed {
  fetch(): Promise<AccountSnapshot>
  kick(): void
  /** A private frame of the key's own account: patched in and emitted at once, then read again. */
  applyFrame(event: AccountEvent): void
  /** After the terminal placed or cancelled an order: a read now, or, while frames flow, soon (its frame shows it first). */
  afterOrder(): void
  stop(): void
}

const MAX_NOTICES_PER_POLL = 3
/** After the frames' snapshot went out: once the window has drawn it, before the trader's next action. */
export const RECONCILE_MS = 60

export function createAccountFeed(deps: AccountFeedDeps): AccountFeed {
  const now = deps.now ?? Date.now
  const abort = new AbortController()
  const signal = abort.signal
  const lastStatus = new Map<number, string>()
  let ordersSupported = true
  let first = true
  let poller: Poller | null = null
  const scope = { ownAccountId: deps.ownAccountId }
  /** The newest snapshot this feed knows, fetched or patched; null until the first read. */
  let last: AccountSnapshot | null = null
  /** The frame counter at the start of the read `last` came from: an earlier-started read never replaces it. */
  let lastReadStart = -1
  let frameSeq = 0
  /** Frame counters at the start of each read in flight, and the frames received since the oldest. */
  const readStarts: number[] = []
  const journal: Array<{ seq: number; event: AccountEvent }> = []
  let flushScheduled = false
  let patchedSinceFlush = false
  /** A frame since the last flush that could not be shown: only a read tells what it changed. */
  let missedSinceFlush = false
  let reconcileTimer: ReturnType<typeof setTimeout> | null = null
  /** Frames of this account have come in: the feed is authenticated and tells of its changes. */
  let framesFlow = false

  function noticeChanges(orders: OrderRecord[]): void {
    const notices: Notice[] = []
    for (const order of orders) {
      const before = lastStatus.get(order.id)
      lastStatus.set(order.id, order.status)
      if (first || before === order.status) continue
      const owner = deps.orderOwner?.(order.id) ?? null
      if (owner) deps.ownedOrderChanged?.()
      const notice = orderNotice(order, before, owner)
      if (notice) notices.push(notice)
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
    const start = frameSeq
    readStarts.push(start)
    try {
      const read = await readSnapshot()
      const snapshot = journal.reduce((s, entry) => (entry.seq > start ? (patchSnapshot(s, entry.event, scope) ?? s) : s), read)
      if (start >= lastReadStart) {
        last = snapshot
        lastReadStart = start
      }
      return snapshot
    } finally {
      readStarts.splice(readStarts.indexOf(start), 1)
      const oldest = readStarts.length ? Math.min(...readStarts) : frameSeq
      while (journal.length && journal[0]!.seq <= oldest) journal.shift()
    }
  }

  async function readSnapshot(): Promise<AccountSnapshot> {
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
      switchGeneration: deps.switchGeneration,
      accountId: id,
      balances: balances.filter(mine),
      feeRules: feeRules.filter(mine),
      orders: visibleOrders,
      fetchedAt: now(),
    }
  }

  async function tick(): Promise<void> {
    const snapshot = await fetchSnapshot()
    if (!abort.signal.aborted && deps.isCurrent(snapshot.switchGeneration)) deps.emit(snapshot)
  }

  function flush(): void {
    flushScheduled = false
    if (abort.signal.aborted) return
    const shown = patchedSinceFlush && last !== null && deps.isCurrent(last.switchGeneration)
    if (shown) {
      last = { ...last!, fetchedAt: now() }
      deps.emit(last)
    }
    // A frame that could not be shown (no snapshot yet, another account's view, a frame that fits no
    // row): only a read can tell what it changed, so it starts now.
    if (!shown || missedSinceFlush) poller?.kick()
    else reconcileSoon()
    patchedSinceFlush = false
    missedSinceFlush = false
  }

  function reconcileSoon(): void {
    if (reconcileTimer !== null) return
    reconcileTimer = setTimeout(() => {
      reconcileTimer = null
      poller?.kick()
    }, deps.reconcileMs ?? RECONCILE_MS)
    reconcileTimer.unref?.()
  }

  function applyFrame(event: AccountEvent): void {
    if (abort.signal.aborted) return
    framesFlow = true
    frameSeq += 1
    if (readStarts.length) journal.push({ seq: frameSeq, event })
    const patched = last && patchSnapshot(last, event, scope)
    if (patched) {
      last = patched
      patchedSinceFlush = true
    } else {
      missedSinceFlush = true
    }
    if (!flushScheduled) {
      flushScheduled = true
      setImmediate(flush)
    }
  }

  poller = startPoller(tick, { intervalMs: deps.intervalMs ?? 4_000, maxBackoffMs: 60_000 })

  return {
    fetch: fetchSnapshot,
    kick: () => poller?.kick(),
    applyFrame,
    afterOrder() {
      // The order's own frame may come in just after the answer: a read now would draw the window a
      // second time while it draws that frame, for no news.
      if (framesFlow) reconcileSoon()
      else poller?.kick()
    },
    stop() {
      if (reconcileTimer !== null) clearTimeout(reconcileTimer)
      reconcileTimer = null
      abort.abort()
      poller?.stop()
      poller = null
    },
  }
}
