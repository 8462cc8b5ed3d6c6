// The pictures made right after the keeper closes a position: only a position seen open and then
// closed (not one already closed when its profile's positions are first seen) sets one read of its
// pair's journal going, a little later, for the profile still active; stopped, nothing runs.
import { describe, expect, it } from 'vitest'
import type { Position } from '../../domain/api/api'
import type { Session } from '../session/session-api'
import type { JournalNotesStore } from '../storage/journal-notes-store'
import type { JournalPictureStore } from '../storage/journal-picture-store'
import { createClosedPictures, PICTURE_AFTER_CLOSE_MS } from './terminal-journal'

const position = (id: string, state: Position['state'], pair = 'BTC_USDT') => ({ id, pair, state }) as Position

function setUp() {
  const timers: { fn: () => void; ms: number }[] = []
  const cleared: unknown[] = []
  // no client: the read the timer sets going fails at once, as it would with the account switched away
  const session = { client: null, active: { id: 'p1' } } as unknown as Session
  const closed = createClosedPictures({
    session,
    notes: {} as JournalNotesStore,
    pictures: {} as JournalPictureStore,
    dataDir: '/nowhere',
    now: () => 1_000_000,
    setTimer: (fn, ms) => (timers.push({ fn, ms }), timers.length),
    clearTimer: (t) => cleared.push(t),
  })
  return { closed, timers, cleared }
}

describe('createClosedPictures', () => {
  it('a position that closes sets its pair’s read going; one already closed when first seen does not', () => {
    const { closed, timers } = setUp()
    closed.positionsChanged('p1', [position('a', 'closed'), position('b', 'open')])
    expect(timers).toEqual([])
    closed.positionsChanged('p1', [position('a', 'closed'), position('b', 'open')])
    expect(timers).toEqual([])
    closed.positionsChanged('p1', [position('a', 'closed'), position('b', 'closed')])
    expect(timers.map((t) => t.ms)).toEqual([PICTURE_AFTER_CLOSE_MS])
    // seen closed again: nothing more
    closed.positionsChanged('p1', [position('a', 'closed'), position('b', 'closed')])
    expect(timers).toHaveLength(1)
    expect(() => timers[0]!.fn()).not.toThrow()
  })

  it('stopped: the reads waiting are cleared and no more are set', () => {
    const { closed, timers, cleared } = setUp()
    closed.positionsChanged('p1', [position('a', 'open')])
    closed.positionsChanged('p1', [position('a', 'closed')])
    closed.stop()
    expect(cleared).toEqual([1])
    closed.positionsChanged('p1', [position('a', 'closed'), position('c', 'open')])
    closed.positionsChanged('p1', [position('c', 'closed')])
    expect(timers).toHaveLength(1)
  })
})
