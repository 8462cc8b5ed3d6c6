import { describe, expect, it } from 'vitest'
import { openPosition, step } from '@domain/protection/step'
import type { Position } from '@domain/protection/types'
import { PLAN } from '@domain/test/position-plan.test-util'
import { fieldsOf, readLevels } from './position-levels-words'

/** p1: long 1 at 100, filled, stop 95 (limit 94) resting at the exchange, one target at 110. */
const open = (over: Partial<Position> = {}): Position => {
  let { position } = openPosition({ ...PLAN, targets: [{ price: '110', share: '50' }] })
  for (const e of [
    { type: 'accepted', clientOrderId: 'p1-1', orderId: '11' },
    { type: 'filled', clientOrderId: 'p1-1', filled: '1', done: true },
    { type: 'accepted', clientOrderId: 'p1-2', orderId: '12' },
  ] as const)
    position = step(position, e).position
  return { ...position, ...over }
}

describe('the change stop / targets dialog, read', () => {
  it('starts from the position’s levels, and says nothing changes until a price does', () => {
    expect(fieldsOf(open())).toEqual({ stop: '95', targets: { 0: '110' } })
    expect(readLevels(open(), fieldsOf(open()), '101')).toEqual({ change: null, errors: { form: 'Nothing changes yet: enter a new price' }, lines: [] })
  })

  it('a moved stop: old → new, and what the keeper does at the exchange (its limit keeps its distance)', () => {
    const r = readLevels(open(), { stop: '97.5', targets: { 0: '112' } }, '101')
    expect(r.change).toEqual({ stop: '97.5', targets: [{ index: 0, price: '112' }] })
    expect(r.lines).toEqual([
      {
        level: 'Stop',
        from: '95',
        to: '97.5',
        then: 'The stop resting at the exchange is cancelled; once the cancel is confirmed, a new STOP_LIMIT is placed at 97.5 (limit 96.5) for what is held. Never two stops at once.',
      },
      { level: 'Target 1', from: '110', to: '112', then: 'The terminal watches the new price; nothing is sent until the price reaches it.' },
    ])
    expect(readLevels(open({ protection: 'terminal' }), { stop: '97', targets: {} }, '101').lines[0]!.then).toMatch(/^The terminal watches the new stop/)
  })

  it('puts each refusal under its field: not a number, past the last price, a target under the entry', () => {
    expect(readLevels(open(), { stop: 'abc', targets: {} }, '101').errors).toEqual({ stop: 'The stop-loss must be a positive number, e.g. 43000.5' })
    expect(readLevels(open(), { stop: '102', targets: {} }, '101')).toMatchObject({ change: null, errors: { stop: 'A long’s stop must be below the last price (101)' } })
    expect(readLevels(open(), { stop: '95', targets: { 0: '99' } }, '98').errors).toEqual({ 'target-0': 'Target 1 must be above the entry (100)' })
    expect(readLevels(open(), { stop: '96', targets: {} }, null).errors).toEqual({ form: 'The last price is not known yet: wait for the market' })
  })

  it('a pending LIMIT entry: its own field, old → new, what the keeper does, and its refusal under it; gone once anything filled', () => {
    const pending = step(openPosition(PLAN).position, { type: 'accepted', clientOrderId: 'p1-1', orderId: '11' }).position
    expect(fieldsOf(pending)).toEqual({ entry: '100', stop: '95', targets: {} })
    const r = readLevels(pending, { entry: '98', stop: '95', targets: {} }, '101')
    expect(r.change).toEqual({ entry: '98' })
    expect(r.lines).toEqual([
      { level: 'Entry', from: '100', to: '98', then: expect.stringMatching(/^The entry is cancelled at the exchange, then placed again at the new price once the cancel is confirmed/) },
    ])
    expect(readLevels(pending, { entry: '102', stop: '95', targets: {} }, '101').errors).toEqual({
      entry: 'A long’s LIMIT entry must be below the last price (101): at or above it, it would fill at once as a taker',
    })
    expect(readLevels(pending, { entry: 'x', stop: '95', targets: {} }, '101').errors).toEqual({ entry: 'The entry price must be a positive number, e.g. 43000.5' })
    expect(fieldsOf(open())).not.toHaveProperty('entry')
  })
})
