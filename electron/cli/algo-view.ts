// What `algos` (and `keeper`'s algos.changed lines) print of an execution algorithm: its id, kind and
// state, filled, average and remaining, the next slice and when, the slippage against the arrival
// price, why it is paused or how it ended, and every order it sent with its ids.
import { progressOf } from '../domain/algos/progress'
import type { Algo } from '../domain/algos/types'

export function algoView(a: Algo) {
  const p = progressOf(a)
  return {
    id: a.id,
    kind: a.kind,
    pair: a.pair,
    side: a.side,
    state: a.state,
    amount: a.amount,
    filled: p.filled,
    average: p.average,
    remaining: p.remaining,
    resting: p.resting,
    next: p.next === null ? null : { at: p.next.at === null ? null : new Date(p.next.at).toISOString(), amount: p.next.amount },
    arrivalPrice: a.arrivalPrice,
    slippagePct: p.slippagePct,
    paused: a.pause?.reason ?? null,
    note: a.note,
    spec: a.spec,
    orders: a.slices.map((s) => ({ clientOrderId: s.clientOrderId, orderId: s.orderId, type: s.type, amount: s.amount, limitPrice: s.limitPrice, filled: s.filled, status: s.status })),
  }
}
