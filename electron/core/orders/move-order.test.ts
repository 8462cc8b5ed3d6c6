// The move-order state machine under every failure order: never two orders, never a silent loss.
import { describe, expect, it } from 'vitest'
import { Decimal } from '../../domain/decimal'
import { moveOrder, type CancelAnswer, type MoveDeps, type OrderReadBack, type PlaceAnswer } from './move-order'

/** A tiny exchange: one resting order; what each call answers is scripted. */
function exchange(script: { cancel: CancelAnswer; cancelHappens: boolean; filled?: string; filledFully?: boolean; readFails?: boolean; place?: PlaceAnswer; placeHappens?: boolean }) {
  const book = { old: 'open' as 'open' | 'cancelled' | 'filled', placed: [] as Array<{ amount: string; price: string }> }
  if (script.filledFully) book.old = 'filled'
  const calls: string[] = []
  const deps: MoveDeps = {
    async cancel() {
      calls.push('cancel')
      if (script.cancelHappens && book.old === 'open') book.old = 'cancelled'
      return script.cancel
    },
    async readBack(): Promise<OrderReadBack> {
      calls.push('read')
      if (script.readFails) return { status: 'unknown', filled: null }
      const status = book.old === 'open' ? 'open' : book.old === 'filled' ? 'gone-filled' : 'gone-cancelled'
      return { status, filled: book.old === 'filled' ? '1' : (script.filled ?? '0') }
    },
    async place(amount, price) {
      calls.push(`place ${amount}@${price}`)
      const answer = script.place ?? { status: 'placed', orderId: 2 }
      if (answer.status === 'placed' || script.placeHappens) book.placed.push({ amount, price })
      return answer
    },
    remaining: (amount, filled) => new Decimal(amount).sub(filled).toFixed(),
  }
  const live = () => (book.old === 'open' ? 1 : 0) + book.placed.length
  return { deps, calls, book, live }
}

const request = { orderId: 1, amount: '1', newPrice: '101' }

describe('moving an order', () => {
  it('cancel confirmed, place ok: exactly one order, at the new price', async () => {
    const ex = exchange({ cancel: { status: 'cancelled' }, cancelHappens: true })
    const steps: string[] = []
    const result = await moveOrder(request, { ...ex.deps, onStep: (s) => steps.push(s.step) })
    expect(result).toEqual({ outcome: 'moved', cancelledId: 1, placedId: 2, amount: '1', price: '101' })
    expect(ex.live()).toBe(1)
    expect(ex.book.placed).toEqual([{ amount: '1', price: '101' }])
    expect(steps).toEqual(['cancelling', 'cancel-confirmed', 'placing', 'placed'])
  })

  it('cancel refused: nothing placed, the old order still stands', async () => {
    const ex = exchange({ cancel: { status: 'refused', reason: 'RATE_LIMIT' }, cancelHappens: false })
    const result = await moveOrder(request, ex.deps)
    expect(result).toMatchObject({ outcome: 'not-moved', oldOrder: 'open' })
    expect(ex.calls.some((c) => c.startsWith('place'))).toBe(false)
    expect(ex.live()).toBe(1)
  })

  it('cancel answer lost but it happened: the read-back confirms it and the move goes on', async () => {
    const ex = exchange({ cancel: { status: 'unknown', reason: 'timeout' }, cancelHappens: true })
    expect(await moveOrder(request, ex.deps)).toMatchObject({ outcome: 'moved' })
    expect(ex.live()).toBe(1)
  })

  it('cancel answer lost and it did not happen: nothing placed', async () => {
    const ex = exchange({ cancel: { status: 'unknown', reason: 'timeout' }, cancelHappens: false })
    expect(await moveOrder(request, ex.deps)).toMatchObject({ outcome: 'not-moved', oldOrder: 'open' })
    expect(ex.live()).toBe(1)
  })

  it('cancel answer lost and the read-back fails too: nothing placed, and it says so', async () => {
    const ex = exchange({ cancel: { status: 'unknown', reason: 'timeout' }, cancelHappens: true, readFails: true })
    const result = await moveOrder(request, ex.deps)
    expect(result).toMatchObject({ outcome: 'not-moved', oldOrder: 'unknown' })
    expect((result as { reason: string }).reason).toMatch(/Nothing was placed/)
    expect(ex.book.placed).toEqual([])
  })

  it('place refused after the cancel: the trader is told there is no order, and offered the exact retry', async () => {
    const ex = exchange({ cancel: { status: 'cancelled' }, cancelHappens: true, place: { status: 'rejected', reason: 'INSUFFICIENT_FUNDS' } })
    const result = await moveOrder(request, ex.deps)
    expect(result).toMatchObject({ outcome: 'cancelled-not-placed', retry: { amount: '1', price: '101' } })
    expect((result as { reason: string }).reason).toMatch(/You have no order now/)
    expect(ex.live()).toBe(0)
  })

  it('place answer lost after the cancel: unknown, said so, never resent', async () => {
    const ex = exchange({ cancel: { status: 'cancelled' }, cancelHappens: true, place: { status: 'unknown', reason: 'timeout' }, placeHappens: true })
    const result = await moveOrder(request, ex.deps)
    expect(result).toMatchObject({ outcome: 'cancelled-place-unknown' })
    expect(ex.calls.filter((c) => c.startsWith('place'))).toHaveLength(1)
    expect(ex.live()).toBe(1)
  })

  it('a partly filled order moves only what was unfilled', async () => {
    const ex = exchange({ cancel: { status: 'cancelled' }, cancelHappens: true, filled: '0.4' })
    expect(await moveOrder(request, ex.deps)).toMatchObject({ outcome: 'moved', amount: '0.6' })
    expect(ex.book.placed).toEqual([{ amount: '0.6', price: '101' }])
  })

  it('an order that filled before the cancel is not placed again', async () => {
    const ex = exchange({ cancel: { status: 'refused', reason: 'order not found' }, cancelHappens: false, filledFully: true })
    expect(await moveOrder(request, ex.deps)).toEqual({ outcome: 'filled-before-move', cancelledId: 1 })
    expect(ex.book.placed).toEqual([])
  })

  it('never leaves two orders in any scripted failure order', async () => {
    const cancels: CancelAnswer[] = [{ status: 'cancelled' }, { status: 'refused', reason: 'x' }, { status: 'unknown', reason: 'x' }]
    const places: PlaceAnswer[] = [
      { status: 'placed', orderId: 2 },
      { status: 'rejected', reason: 'x' },
      { status: 'unknown', reason: 'x' },
    ]
    for (const cancel of cancels)
      for (const happens of [true, false])
        for (const place of places)
          for (const placeHappens of [true, false])
            for (const readFails of [true, false]) {
              // The exchange does not lie: a confirmed cancel happened, a refused order was not placed.
              if (cancel.status === 'cancelled' && !happens) continue
              if (place.status === 'rejected' && placeHappens) continue
              const ex = exchange({ cancel, cancelHappens: happens, place, placeHappens, readFails })
              const result = await moveOrder(request, ex.deps)
              expect(ex.live(), JSON.stringify({ cancel, happens, place, readFails, result })).toBeLessThanOrEqual(1)
              // A result that claims an order stands must be true; one that says "no order" must be too.
              if (result.outcome === 'moved') expect(ex.live()).toBe(1)
              if (result.outcome === 'cancelled-not-placed') expect(ex.live()).toBe(0)
            }
  })
})
