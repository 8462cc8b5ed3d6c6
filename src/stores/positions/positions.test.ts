import { describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { openPosition } from '@domain/protection/step'
import type { Position } from '@domain/protection/types'
import { PLAN } from '@domain/test/position-plan.test-util'
import { deferred, profileView, sessionState } from '../test/fake-terminal.test-util'
import { freshSession } from '../test/session-harness.test-util'
import { usePositionsStore } from './positions'
import { useSessionStore } from '../session/session'

const position = (id: string, over: Partial<Position> = {}): Position => ({ ...openPosition({ ...PLAN, id, targets: [{ price: '110', share: '50' }] }).position, ...over })
const settle = () => new Promise((r) => setTimeout(r, 0))

describe('the positions store', () => {
  it('reads the list at start, follows positions.changed of its own profile only, and names what only the terminal keeps', async () => {
    const terminal = freshSession()
    terminal.handlers['positions.list'] = () => [position('a')]
    const store = usePositionsStore()
    store.start()
    await settle()
    expect(store.positions.map((p) => p.id)).toEqual(['a'])
    expect(store.watched).toEqual(['BTC_USDT long: the target at 110'])
    terminal.emit('positions.changed', { profileId: 'other', positions: [] })
    expect(store.positions).toHaveLength(1)
    terminal.emit('positions.changed', { profileId: 'p1', positions: [position('a', { state: 'closed', closedBy: 'stop' })] })
    expect(store.positions[0]!.closedBy).toBe('stop')
    expect(store.watched).toEqual([])
  })

  it('an answer asked for before a profile switch is never shown; the list clears at once and is read again', async () => {
    const terminal = freshSession()
    const slow = deferred<Position[]>()
    const answers = [slow.promise, Promise.resolve([position('b')])]
    terminal.handlers['positions.list'] = () => answers.shift()!
    const store = usePositionsStore()
    store.start()
    useSessionStore().applyState(sessionState({ switchGeneration: 2, profile: profileView({ id: 'p2' }) }))
    await nextTick()
    expect(store.positions).toEqual([])
    slow.resolve([position('old')])
    await settle()
    expect(store.positions.map((p) => p.id)).toEqual(['b'])
  })

  it('close, cancel and acknowledge call the core and say why when refused; an answer never overwrites what an event brought', async () => {
    const terminal = freshSession()
    terminal.handlers['positions.list'] = () => [position('a')]
    terminal.handlers['positions.cancel'] = ({ id }) => ({ queued: false, position: position(id, { state: 'cancelled' }) })
    terminal.handlers['positions.acknowledge'] = () => {
      throw new Error('Another process keeps these positions.')
    }
    const store = usePositionsStore()
    store.start()
    await settle()
    await store.act('cancel', 'a')
    expect(terminal.callsOf('positions.cancel')).toEqual([{ id: 'a' }])
    // the answer came before or after its event: the event's state stands
    expect(store.positions[0]!.state).toBe('pending')
    terminal.emit('positions.changed', { profileId: 'p1', positions: [position('a', { state: 'cancelled' })] })
    expect(store.positions[0]!.state).toBe('cancelled')
    // a new position is shown from the answer; its later event (filled) is not undone by a late answer
    terminal.handlers['positions.protect'] = () => ({ queued: false, position: position('n') })
    const input = { pair: 'BTC_USDT', side: 'BUY' as const, entry: { type: 'MARKET' as const }, size: { amount: '1' }, stopLoss: '95' }
    await store.protect(input)
    expect(store.positions.map((p) => p.id)).toEqual(['a', 'n'])
    terminal.emit('positions.changed', { profileId: 'p1', positions: [position('a', { state: 'cancelled' }), position('n', { state: 'open' })] })
    await store.protect(input)
    expect(store.positions.find((p) => p.id === 'n')?.state).toBe('open')
    await store.act('acknowledge', 'a')
    expect(store.actionErrors['a']).toMatch(/Another process/)
    expect(store.busy.size).toBe(0)
  })

  it('a read the keeper answered from before a change never puts that change back after its event', async () => {
    const terminal = freshSession()
    const reads = [deferred<Position[]>(), deferred<Position[]>()]
    const answers = [...reads]
    terminal.handlers['positions.list'] = () => answers.shift()!.promise
    const store = usePositionsStore()
    store.start()
    await settle()
    // the keeper, still starting, reads its file (open), then closes the position and tells of it
    terminal.emit('positions.changed', { profileId: 'p1', positions: [position('a', { state: 'closed', closedBy: 'stop' })] })
    reads[0]!.resolve([position('a', { state: 'open' })])
    await settle()
    expect(store.positions.map((p) => [p.id, p.state])).toEqual([['a', 'closed']])
    expect(store.loaded).toBe(true)
    // a read during which nothing changed is shown as read
    void store.load()
    await settle()
    reads[1]!.resolve([position('a', { state: 'closed', closedBy: 'stop' }), position('b')])
    await settle()
    expect(store.positions.map((p) => p.id)).toEqual(['a', 'b'])
  })
})
