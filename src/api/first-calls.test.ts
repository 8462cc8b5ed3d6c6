// The start's first calls go out the moment the page runs (boot.ts); the start then takes each answer
// as it asks, once, and nothing is ever sent twice on its behalf.
import { describe, expect, it } from 'vitest'
import { FIRST_CALLS, sendFirstCalls, withFirstCalls } from './first-calls'
import { deferred, fakeTerminal, sessionState } from '@/stores/test/fake-terminal.test-util'
import { PREFS } from '@/stores/test/market-fixtures.test-util'

describe('withFirstCalls', () => {
  it('sends the first calls at once, before anyone asks, each once', () => {
    const inner = fakeTerminal({ 'market.start': () => null, 'prefs.get': () => PREFS, 'session.get': () => sessionState(), 'profiles.list': () => [], 'app.info': () => ({}) as never })
    withFirstCalls(inner)
    expect(inner.calls.map((c) => c.method)).toEqual([...FIRST_CALLS])
  })

  it('hands each early answer to the first call of its method, and sends a second call anew', async () => {
    let prefsRead = 0
    const inner = fakeTerminal({ 'prefs.get': () => ({ ...PREFS, theme: ++prefsRead === 1 ? 'dark' : 'light' }) })
    const bridge = withFirstCalls(inner, ['prefs.get'])
    expect((await bridge.call('prefs.get', undefined)).theme).toBe('dark')
    expect(inner.callsOf('prefs.get')).toHaveLength(1)
    // A later read (a retry of the start) asks the core again: the early answer is not served twice.
    expect((await bridge.call('prefs.get', undefined)).theme).toBe('light')
    expect(inner.callsOf('prefs.get')).toHaveLength(2)
  })

  it('gives the caller the early call still on its way, not a new one', async () => {
    const answer = deferred<typeof PREFS>()
    const inner = fakeTerminal({ 'prefs.get': () => answer.promise })
    const bridge = withFirstCalls(inner, ['prefs.get'])
    const asked = bridge.call('prefs.get', undefined)
    answer.resolve(PREFS)
    expect(await asked).toEqual(PREFS)
    expect(inner.callsOf('prefs.get')).toHaveLength(1)
  })

  it("reports an early call's failure to the one who asks for it, and to no one before", async () => {
    const inner = fakeTerminal({ 'session.get': () => Promise.reject(new Error('The terminal host is not answering.')) })
    const bridge = withFirstCalls(inner, ['session.get'])
    await new Promise((resolve) => setTimeout(resolve, 0)) // no unhandled rejection meanwhile
    await expect(bridge.call('session.get', undefined)).rejects.toThrow('not answering')
  })

  it('passes calls with an input, other methods and events straight through', async () => {
    const inner = fakeTerminal({ 'market.subscribe': (input) => ({ pair: input.pair }) as never, 'market.start': () => null })
    const bridge = withFirstCalls(inner, ['market.start'])
    await bridge.call('market.subscribe', { pair: 'ETH_USDT', interval: '15' })
    expect(inner.callsOf('market.subscribe')).toHaveLength(1)
    const seen: unknown[] = []
    bridge.on('notice', (n) => seen.push(n))
    inner.emit('notice', { level: 'info', title: 't', message: 'm' } as never)
    expect(seen).toHaveLength(1)
  })

  it('lets the first chart read the early answers without taking them: the start still gets each, sent once', async () => {
    const inner = fakeTerminal({ 'prefs.get': () => ({ ...PREFS, theme: 'light' }), 'market.start': () => null })
    const { bridge, answers } = sendFirstCalls(inner, ['prefs.get', 'market.start'])
    expect((await answers.answer('prefs.get')).theme).toBe('light')
    expect(await answers.answer('market.start')).toBeNull()
    // Read again, and then asked for by the start: the same answer, and still one call each.
    expect((await answers.answer('prefs.get')).theme).toBe('light')
    expect((await bridge.call('prefs.get', undefined)).theme).toBe('light')
    expect(inner.callsOf('prefs.get')).toHaveLength(1)
    expect(inner.callsOf('market.start')).toHaveLength(1)
    await expect(answers.answer('session.get')).rejects.toThrow('not a first call')
  })

  it('with a gate, sends only what the page did not bring, and only once the gate settles', async () => {
    const inner = fakeTerminal({ 'prefs.get': () => PREFS, 'market.start': () => null })
    const gate = deferred<void>()
    const { bridge, answers } = sendFirstCalls(inner, ['market.cachedStart', 'prefs.get', 'market.start'], { 'market.cachedStart': null }, gate.promise)
    // The page's own answer is there at once; nothing has gone to the core yet.
    expect(await answers.answer('market.cachedStart')).toBeNull()
    const asked = bridge.call('prefs.get', undefined)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(inner.calls).toHaveLength(0)
    gate.resolve()
    expect(await asked).toEqual(PREFS)
    expect(inner.calls.map((c) => c.method)).toEqual(['prefs.get', 'market.start'])
  })

  it('sends the held calls when the gate fails too, each once', async () => {
    const inner = fakeTerminal({ 'prefs.get': () => PREFS })
    const gate = deferred<void>()
    const { bridge } = sendFirstCalls(inner, ['prefs.get'], {}, gate.promise)
    gate.reject(new Error('the chart code did not load'))
    expect(await bridge.call('prefs.get', undefined)).toEqual(PREFS)
    expect(inner.callsOf('prefs.get')).toHaveLength(1)
  })
})
