import { describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { openAlgo } from '@domain/algos/plan'
import type { Algo } from '@domain/algos/types'
import { planOf, SPECS } from '@domain/test/algo-plan.test-util'
import { deferred, profileView, sessionState } from '../test/fake-terminal.test-util'
import { freshSession } from '../test/session-harness.test-util'
import { useAlgosStore } from './algos'
import { useSessionStore } from '../session/session'

const algo = (id: string, over: Partial<Algo> = {}): Algo => ({ ...openAlgo(planOf(SPECS.iceberg, { id })), ...over })
const settle = () => new Promise((r) => setTimeout(r, 0))

describe('the algos store', () => {
  it('reads the list, follows algos.changed of its own profile only, the ones going first', async () => {
    const terminal = freshSession()
    terminal.handlers['algos.list'] = () => [algo('a', { state: 'done', startAt: 2 }), algo('b', { startAt: 1 })]
    const store = useAlgosStore()
    store.start()
    await settle()
    expect(store.sorted.map((a) => a.id)).toEqual(['b', 'a'])
    expect(store.goingCount).toBe(1)
    // the running one is named for the quit guard: closing the window stops it sending
    expect(store.watched).toEqual(['BTC_USDT iceberg buy: 1 BTC not filled yet'])
    terminal.emit('algos.changed', { profileId: 'other', algos: [] })
    expect(store.algos).toHaveLength(2)
    terminal.emit('algos.changed', { profileId: 'p1', algos: [algo('b', { state: 'paused', pause: { reason: 'Order 1 was refused: over the limit' } })] })
    expect(store.algos.map((a) => [a.id, a.state])).toEqual([['b', 'paused']])
    expect(store.watched).toEqual([])
  })

  it('an answer asked for before a profile switch is never shown; the list clears at once', async () => {
    const terminal = freshSession()
    const slow = deferred<Algo[]>()
    const answers = [slow.promise, Promise.resolve([algo('new')])]
    terminal.handlers['algos.list'] = () => answers.shift()!
    const store = useAlgosStore()
    store.start()
    useSessionStore().applyState(sessionState({ switchGeneration: 2, profile: profileView({ id: 'p2' }) }))
    await nextTick()
    expect(store.algos).toEqual([])
    slow.resolve([algo('old')])
    await settle()
    expect(store.algos.map((a) => a.id)).toEqual(['new'])
  })

  it('pause, resume and cancel call the core and say why when refused', async () => {
    const terminal = freshSession()
    terminal.handlers['algos.list'] = () => [algo('a')]
    terminal.handlers['algos.pause'] = ({ id }) => ({ queued: true, id, algo: null })
    terminal.handlers['algos.cancel'] = () => {
      throw new Error('There is no algorithm a.')
    }
    const store = useAlgosStore()
    store.start()
    await settle()
    await store.act('pause', 'a')
    expect(terminal.callsOf('algos.pause')).toEqual([{ id: 'a' }])
    await store.act('cancel', 'a')
    expect(store.actionErrors['a']).toBe('There is no algorithm a.')
    expect(store.busy.size).toBe(0)
  })
})
