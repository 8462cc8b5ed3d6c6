// A host listens while its core starts: the window's first calls wait for the start and then get
// the core's own answers, its event listeners hear everything from the start on, and a start that
// fails or hangs gives every call a clear answer instead of none.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TerminalCore } from '../domain/api/api'
import { isTerminalError } from '../domain/errors'
import { deferCore, readAhead } from './deferred-core'
import { createEventHub } from '../core/events'

function fakeCore() {
  const hub = createEventHub()
  const core: TerminalCore & { disposed: boolean } = {
    disposed: false,
    call: (async (method: string) => ({ answered: method })) as TerminalCore['call'],
    on: (event, listener) => hub.on(event, listener),
    async dispose() {
      core.disposed = true
    },
  }
  return { core, hub }
}

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

async function errorOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  if (!isTerminalError(error)) throw new Error(`expected a TerminalError, got ${String(error)}`)
  return error
}

afterEach(() => vi.useRealTimers())

describe('a core used before it has started', () => {
  it("answers calls made during the start once it is up, with the core's own answers", async () => {
    const start = deferred<TerminalCore>()
    const core = deferCore(start.promise)
    let settled = false
    const early = core.call('session.get', undefined).finally(() => (settled = true))
    await new Promise((r) => setTimeout(r, 20))
    expect(settled).toBe(false)
    start.resolve(fakeCore().core)
    expect(await early).toEqual({ answered: 'session.get' })
    expect(await core.call('app.info', undefined)).toEqual({ answered: 'app.info' })
  })

  it('delivers events to listeners that subscribed before the start, and not to ones that left meanwhile', async () => {
    const start = deferred<TerminalCore>()
    const core = deferCore(start.promise)
    const heard: string[] = []
    core.on('notice', (n) => heard.push(`stays: ${n.title}`))
    const leave = core.on('notice', (n) => heard.push(`left: ${n.title}`))
    leave()
    const { core: real, hub } = fakeCore()
    start.resolve(real)
    await core.ready
    hub.emit('notice', { level: 'info', title: 'hello', body: '' } as never)
    expect(heard).toEqual(['stays: hello'])
  })

  it('answers every call with why when the start fails, and says so through ready', async () => {
    const core = deferCore(Promise.reject(new Error('the profiles file is locked by another program')))
    await expect(core.ready).rejects.toThrow(/could not start: the profiles file is locked/)
    for (const method of ['session.get', 'market.pairs'] as const) {
      const error = await errorOf(core.call(method, undefined))
      expect(error.code).toBe('START_FAILED')
      expect(error.message).toBe('The terminal could not start: the profiles file is locked by another program')
    }
  })

  it('gives up waiting after the bound and says the terminal is still starting', async () => {
    vi.useFakeTimers()
    const core = deferCore(new Promise<TerminalCore>(() => undefined), { waitMs: 5_000 })
    const call = errorOf(core.call('session.get', undefined))
    await vi.advanceTimersByTimeAsync(4_999)
    let done = false
    void call.then(() => (done = true))
    await Promise.resolve()
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = await call
    expect(error.code).toBe('STILL_STARTING')
    expect(error.message).toMatch(/still starting after 5 s/)
  })

  it('stopping during the start does not wait for it, refuses calls, and disposes the core once it exists', async () => {
    const start = deferred<TerminalCore>()
    const core = deferCore(start.promise)
    await core.dispose()
    expect((await errorOf(core.call('session.get', undefined))).code).toBe('DISPOSED')
    const { core: real } = fakeCore()
    start.resolve(real)
    await core.ready
    await Promise.resolve()
    expect(real.disposed).toBe(true)
  })

  it('answers the cached start from disk before the core has started, as a call and as an envelope; every other call still waits', async () => {
    const start = deferred<TerminalCore>()
    const cached = { profileId: 'p', snapshot: null as never, pairs: [], prefs: null as never }
    const core = deferCore(start.promise, { early: { 'market.cachedStart': async () => cached } })
    expect(await core.call('market.cachedStart', undefined)).toBe(cached)
    expect(await core.early('market.cachedStart', undefined)).toEqual({ ok: true, value: cached })
    // With input it is not that call: the dispatcher checks it as any.
    expect(core.early('market.cachedStart', { pair: 'x' })).toBeNull()
    expect(core.early('session.get', undefined)).toBeNull()
    let answered = false
    void core.call('session.get', undefined).then(() => (answered = true))
    await Promise.resolve()
    expect(answered).toBe(false)
    start.resolve(fakeCore().core)
    await expect.poll(() => answered).toBe(true)
  })

  it('a failing early reader answers an error envelope, never a throw', async () => {
    const core = deferCore(new Promise<TerminalCore>(() => undefined), {
      early: {
        'market.cachedStart': () => Promise.reject(new Error('disk gone')),
      },
    })
    const envelope = await core.early('market.cachedStart', undefined)
    expect(envelope).toMatchObject({ ok: false, error: { kind: 'internal', message: 'Unexpected error: disk gone' } })
  })
})

describe('readAhead', () => {
  it('reads at once, hands that read to the first ask, and reads anew for later asks or once outdated', async () => {
    let reads = 0
    const ahead = readAhead(async () => ++reads)
    expect(reads).toBe(1)
    await ahead.read
    expect(await ahead.answer()).toBe(1)
    expect(await ahead.answer()).toBe(2)
    const later = readAhead(async () => ++reads)
    later.outdated()
    expect(await later.answer()).toBe(4)
  })

  it('a failed read ahead settles `read` and is the first ask’s failure, not an unhandled one', async () => {
    const ahead = readAhead(() => Promise.reject(new Error('disk gone')))
    await ahead.read
    await expect(ahead.answer()).rejects.toThrow('disk gone')
  })

  it('`taken` lets a core load once the answer read ahead is handed out, at once when there is none, and after its bound otherwise', async () => {
    const order: string[] = []
    const none = readAhead(async () => null)
    await none.taken(10_000).then(() => order.push('nothing to hand out'))
    const failed = readAhead(() => Promise.reject(new Error('disk gone')))
    await failed.taken(10_000).then(() => order.push('a failed read'))
    const some = readAhead(async () => ({ chart: 1 }))
    const waiting = some.taken(10_000).then(() => order.push('handed out'))
    await new Promise((r) => setTimeout(r, 20))
    expect(order).toEqual(['nothing to hand out', 'a failed read'])
    expect(await some.answer()).toEqual({ chart: 1 })
    await waiting
    expect(order).toEqual(['nothing to hand out', 'a failed read', 'handed out'])
    const unasked = readAhead(async () => ({ chart: 2 }))
    const started = Date.now()
    await unasked.taken(30)
    expect(Date.now() - started).toBeGreaterThanOrEqual(25)
  })
})
