// The algorithm's reducer: `stepAlgo(algo, event) → {algo, actions, wakeAt}`. It first brings the
// facts up to date (an order accepted, filled, cancelled, refused, lost; the market; the trader's
// pause, resume or cancel), then decides by one set of rules whatever the event:
//
// 1. Ended (done, cancelled): nothing.
// 2. Cancelling: every live slice is pulled (an unknown one is looked up first); once none is
//    live, `cancelled`.
// 3. Paused: nothing is sent; what rests stays (its fills still count).
// 4. Everything filled and nothing live: `done`.
// 5. The kind's own rule (kinds.ts): TWAP, iceberg, scaled, chase.
//
// A refused slice (a risk limit, an order rule, the exchange) and a slice cancelled by someone else
// pause the algorithm with the reason: nothing is sent again by itself until the trader resumes.
// An answer that was lost is looked up, never sent again: the slice counts as live meanwhile.
import { Decimal } from '../decimal'
import { decideKind, endAlgo } from './kinds'
import { isLive, liveSlices, pullAll, remainingOf, touchOf } from './slices'
import type { Algo, AlgoAction, AlgoEvent, AlgoStep, Slice } from './types'

const sliceNo = (a: Algo, s: Slice): string => s.clientOrderId.slice(a.id.length + 1)

function pause(a: Algo, reason: string): void {
  if (a.state === 'running' && a.ending !== 'cancel') {
    a.state = 'paused'
    a.pause = { reason }
  }
}

/** Brings the slice the event is about up to date; answers a look-up for a lost answer. */
function applyOrder(a: Algo, event: Extract<AlgoEvent, { clientOrderId: string }>, actions: AlgoAction[]): void {
  const s = a.slices.find((x) => x.clientOrderId === event.clientOrderId)
  if (s === undefined) return
  const fill = (filled: string): void => {
    s.filled = Decimal.min(Decimal.max(new Decimal(s.filled), new Decimal(filled)), new Decimal(s.amount)).toFixed()
  }
  switch (event.type) {
    case 'accepted':
      s.orderId = event.orderId
      if (s.status === 'placing' || (s.status === 'unknown' && s.lost === 'place')) s.status = 'resting'
      s.lost = null
      return
    case 'refused':
      if (!isLive(s)) return
      s.status = 'refused'
      s.refusedWhy = event.reason
      pause(a, `Order ${sliceNo(a, s)} was refused: ${event.reason}`)
      return
    case 'filled':
      fill(event.filled)
      if (event.averagePrice !== undefined && s.type === 'MARKET') s.price = event.averagePrice
      if ((event.done || new Decimal(s.filled).eq(s.amount)) && isLive(s)) s.status = 'done'
      return
    case 'cancel-confirmed':
      fill(event.filled)
      if (!isLive(s)) return
      s.status = 'done'
      s.lost = null
      if (!s.pulled && new Decimal(s.filled).lt(s.amount)) pause(a, `Order ${sliceNo(a, s)} was cancelled outside the algorithm (filled ${s.filled} of ${s.amount})`)
      return
    case 'outcome-unknown':
      if (!isLive(s)) return
      s.lost = s.status === 'cancelling' ? 'cancel' : 'place'
      s.status = 'unknown'
      actions.push({ type: 'look-up', clientOrderId: s.clientOrderId })
      return
    case 'looked-up':
      if (s.status !== 'unknown' && s.status !== 'placing') return
      if (event.found === null) {
        // never reached the exchange: nothing of it can fill; what it was for is sent again under a new id by the rules
        s.status = 'lost'
      } else {
        s.orderId = event.found.orderId
        fill(event.found.filled)
        s.status = event.found.status
        if (s.status === 'resting') delete s.pulled // its cancel never took: the rules pull it again where they must
      }
      s.lost = null
  }
}

function apply(a: Algo, event: AlgoEvent, actions: AlgoAction[]): void {
  switch (event.type) {
    case 'market':
      a.market = { at: event.at, bid: event.bid, ask: event.ask, last: event.last }
      if (a.arrivalPrice === null) a.arrivalPrice = touchOf(a)?.toFixed() ?? event.last
      return
    case 'pause':
      pause(a, event.reason ?? 'Paused by the trader')
      return
    case 'resume':
      if (a.state === 'paused') {
        a.state = 'running'
        a.pause = null
      }
      return
    case 'cancel':
      if (a.state === 'running' || a.state === 'paused') a.ending = 'cancel'
      return
    default:
      applyOrder(a, event, actions)
  }
}

function decide(a: Algo): AlgoAction[] {
  if (a.state === 'done' || a.state === 'cancelled') return []
  if (a.ending === 'cancel') {
    const pulls = pullAll(a)
    if (liveSlices(a).length === 0) {
      const rest = remainingOf(a)
      endAlgo(a, 'cancelled', rest.gt(0) ? `Cancelled by the trader with ${rest.toFixed()} ${a.rules.currency1} not filled` : null)
    }
    return pulls
  }
  if (a.state === 'paused') return []
  if (remainingOf(a).isZero() && liveSlices(a).length === 0) {
    endAlgo(a, 'done', null)
    return []
  }
  return decideKind(a)
}

/** When a TWAP next wants to act even if nothing moves: its next slot, else its end. */
function wakeOf(a: Algo): number | null {
  if (a.spec.kind !== 'twap' || a.state !== 'running' || a.ending !== null) return null
  const now = a.market?.at ?? a.startAt
  const next = a.plan.find((p) => p.at! > now)?.at ?? null
  return next ?? a.startAt + a.spec.durationMs
}

export function stepAlgo(current: Algo, event: AlgoEvent): AlgoStep {
  const algo = structuredClone(current)
  const actions: AlgoAction[] = []
  apply(algo, event, actions)
  actions.push(...decide(algo))
  return { algo, actions, wakeAt: wakeOf(algo) }
}
