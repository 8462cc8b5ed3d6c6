// The window's side of drawings: the chart's pair's drawings read from the core; a change shown at
// once and sent in order; a refusal puts back what was there and says why; undo sends the drawing as
// it was, even when pressed before the core has answered the change.
import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import type { LineAlertDraft } from '@domain/alerts/alerts'
import type { Drawing } from '@domain/drawings/drawings'
import { TerminalError } from '@domain/errors'
import { setTerminal } from '@/api'
import { deferred, fakeTerminal, profileView, sessionState, type FakeTerminal } from '../test/fake-terminal.test-util'
import { useSessionStore } from '../session/session'
import { useMarketStore } from '../market/market'
import { useDrawingsStore } from './drawings'

const T0 = Date.UTC(2026, 0, 1)
const line = (id: string, price: string, pair = 'BTC_USDT'): Drawing => ({ id, pair, color: '#3b82f6', kind: 'hline', points: [{ time: T0, price }] })
const flush = () => new Promise((r) => setTimeout(r, 0))

let terminal: FakeTerminal
let kept: Drawing[]
/** The line alerts the fake core keeps, by drawing: a delete cancels them, as the core does. */
let alerts: LineAlertDraft[]

beforeEach(async () => {
  setActivePinia(createPinia())
  kept = [line('a', '100')]
  alerts = []
  terminal = fakeTerminal({
    'session.get': () => sessionState(),
    'profiles.list': () => [profileView()],
    'app.info': () => ({ name: 'T', version: '0.1.0', host: 'web', platform: 'linux', dataDir: '/d', keychain: { available: true } }),
    'drawings.list': ({ pair }) => ({ pair, drawings: kept.filter((d) => d.pair === pair), warning: null }),
    'drawings.save': (d) => {
      kept = [...kept.filter((k) => k.id !== d.id), d]
      return d
    },
    'drawings.delete': ({ id }) => {
      const deleted = kept.find((k) => k.id === id)!
      kept = kept.filter((k) => k.id !== id)
      const cancelled = alerts.filter((a) => a.drawingId === id)
      alerts = alerts.filter((a) => a.drawingId !== id)
      return { deleted, cancelledAlerts: cancelled.length, cancelled }
    },
    'alerts.create': (draft) => {
      if (draft.kind !== 'line') throw new Error('a line alert only, here')
      alerts.push(draft)
      return { id: `al${alerts.length}`, profileId: 'p1', kind: 'line', pair: draft.pair, drawingId: draft.drawingId, status: 'active', sound: draft.sound ?? true, createdAt: T0 } as never
    },
  })
  setTerminal(terminal)
  await useSessionStore().load()
})

async function onPair(pair: string) {
  const store = useDrawingsStore()
  useMarketStore().pair = pair
  await nextTick()
  await flush()
  return store
}

describe('drawings store', () => {
  it("shows the chart's pair's drawings, and another pair's when the chart moves to it", async () => {
    kept.push(line('e', '2000', 'ETH_USDT'))
    const store = await onPair('BTC_USDT')
    expect(store.drawings.map((d) => d.id)).toEqual(['a'])
    await onPair('ETH_USDT')
    expect(store.drawings.map((d) => d.id)).toEqual(['e'])
  })

  it('a change the core refuses is put back, said, and not undoable', async () => {
    const store = await onPair('BTC_USDT')
    terminal.handlers['drawings.save'] = () => {
      throw new TerminalError({ kind: 'validation', code: 'INVALID_DRAWING', message: 'The drawing is not valid: points.0.price: a price above zero; nothing was saved.' })
    }
    const saving = store.update(line('a', '105'))
    expect(store.drawings[0]!.points[0]!.price).toBe('105') // shown at once
    expect(await saving).toBe(false)
    expect(store.drawings[0]!.points[0]!.price).toBe('100')
    expect(store.error).toMatch(/not valid/)
    expect(store.canUndo).toBe(false)
  })

  it('undo right after a delete, before the core answered it, brings the drawing back', async () => {
    const store = await onPair('BTC_USDT')
    const deleting = store.remove('a')
    const undoing = store.undo()
    await Promise.all([deleting, undoing])
    expect(store.drawings.map((d) => d.id)).toEqual(['a'])
    expect(kept.map((d) => d.id)).toEqual(['a'])
    expect(terminal.calls.filter((c) => c.method.startsWith('drawings.') && c.method !== 'drawings.list').map((c) => c.method)).toEqual(['drawings.delete', 'drawings.save'])
    await store.redo()
    expect(kept).toEqual([])
  })

  it('undo of a delete brings back the alerts on the line too; redo cancels them again', async () => {
    const store = await onPair('BTC_USDT')
    alerts = [{ kind: 'line', pair: 'BTC_USDT', drawingId: 'a', note: 'break', sound: false }]
    await store.remove('a')
    expect(alerts).toEqual([])
    await store.undo()
    expect(kept.map((d) => d.id)).toEqual(['a'])
    expect(alerts).toEqual([{ kind: 'line', pair: 'BTC_USDT', drawingId: 'a', note: 'break', sound: false }])
    await store.redo()
    expect(alerts).toEqual([])
    await store.undo()
    expect(alerts).toHaveLength(1)
  })

  it('an alert the core refuses to set again leaves the drawing back and says so', async () => {
    const store = await onPair('BTC_USDT')
    alerts = [{ kind: 'line', pair: 'BTC_USDT', drawingId: 'a', sound: true }]
    await store.remove('a')
    terminal.handlers['alerts.create'] = () => {
      throw new TerminalError({ kind: 'validation', code: 'TOO_MANY_ALERTS', message: 'At most 100 alerts.' })
    }
    await store.undo()
    expect(store.drawings.map((d) => d.id)).toEqual(['a'])
    expect(kept.map((d) => d.id)).toEqual(['a'])
    expect(store.error).toBe('The drawing is back, but 1 alert on it could not be set again: At most 100 alerts.')
  })

  it("reads the pair's drawings again when another chart or window changed them, but not another pair's", async () => {
    const store = await onPair('BTC_USDT')
    kept.push(line('b', '120'), line('e', '2000', 'ETH_USDT'))
    terminal.emit('drawings.changed', { profileId: 'p1', pair: 'ETH_USDT' })
    await flush()
    expect(store.drawings.map((d) => d.id)).toEqual(['a'])
    terminal.emit('drawings.changed', { profileId: 'p1', pair: 'BTC_USDT' })
    await flush()
    expect(store.drawings.map((d) => d.id)).toEqual(['a', 'b'])
  })

  it('a drawing made while a read is on its way stays, and a change told meanwhile is read once the drawing is saved', async () => {
    const store = await onPair('BTC_USDT')
    // an event starts a read; the trader draws before its answer, which was read without the drawing
    const slow = deferred<{ pair: string; drawings: Drawing[]; warning: null }>()
    terminal.handlers['drawings.list'] = () => slow.promise
    terminal.emit('drawings.changed', { profileId: 'p1', pair: 'BTC_USDT' })
    const saved = deferred<Drawing>()
    terminal.handlers['drawings.save'] = (d) => {
      kept = [...kept, d]
      return saved.promise
    }
    const adding = store.add(line('n', '130'))
    slow.resolve({ pair: 'BTC_USDT', drawings: [line('a', '100')], warning: null })
    await flush()
    expect(store.drawings.map((d) => d.id)).toEqual(['a', 'n'])
    // another window draws while the save is on its way: read after the save is answered
    kept.push(line('o', '140'))
    terminal.handlers['drawings.list'] = ({ pair }) => ({ pair, drawings: kept.filter((d) => d.pair === pair), warning: null })
    terminal.emit('drawings.changed', { profileId: 'p1', pair: 'BTC_USDT' })
    await flush()
    expect(store.drawings.map((d) => d.id)).toEqual(['a', 'n'])
    saved.resolve(line('n', '130'))
    expect(await adding).toBe(true)
    await flush()
    expect(store.drawings.map((d) => d.id)).toEqual(['a', 'n', 'o'])
  })

  it("the read after the chart's own save leaves the list shown as it is; a drawing changed elsewhere is the only one replaced", async () => {
    const store = await onPair('BTC_USDT')
    await store.add(line('n', '130'))
    // the save's own event, and the read it brings: nothing changed, so nothing is redrawn
    const shown = store.drawings
    terminal.emit('drawings.changed', { profileId: 'p1', pair: 'BTC_USDT' })
    await flush()
    expect(terminal.callsOf('drawings.list').length).toBeGreaterThan(1)
    expect(store.drawings).toBe(shown)
    // another window moves one line: that one is new, the other stays the object shown
    kept = kept.map((d) => (d.id === 'a' ? line('a', '101') : d))
    terminal.emit('drawings.changed', { profileId: 'p1', pair: 'BTC_USDT' })
    await flush()
    expect(store.drawings.map((d) => d.points[0]!.price)).toEqual(['101', '130'])
    expect(store.drawings[1]).toBe(shown[1])
  })
})
