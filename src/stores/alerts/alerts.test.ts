// The window's side of alerts: a fired alert is handed out once (its event may come twice, or
// overlap a reload of the list), only for the profile on screen; a bad price is refused before
// anything is sent, and the core's refusal is shown in the dialog.
import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { Alert } from '@domain/api/api'
import { TerminalError } from '@domain/errors'
import { setTerminal } from '@/api'
import { deferred, fakeTerminal, profileView, sessionState, type FakeTerminal } from '../test/fake-terminal.test-util'
import { useSessionStore } from '../session/session'
import { useAlertsStore } from './alerts'

let terminal: FakeTerminal
const alert = (over: Partial<Alert> = {}): Alert => ({ id: 'a1', profileId: 'p1', kind: 'above', pair: 'BTC_USDT', price: '101', sound: true, createdAt: 1, status: 'active', ...over })

beforeEach(async () => {
  setActivePinia(createPinia())
  terminal = fakeTerminal({
    'session.get': () => sessionState(),
    'profiles.list': () => [profileView()],
    'app.info': () => ({ name: 'T', version: '0.1.0', host: 'web', platform: 'linux', dataDir: '/d', keychain: { available: true } }),
    'alerts.list': () => [alert()],
  })
  setTerminal(terminal)
  await useSessionStore().load()
})

describe('alerts store', () => {
  it('hands a fired alert out once, and lists it as fired', async () => {
    const alerts = useAlertsStore()
    alerts.listen()
    await alerts.load()
    const fired = alert({ status: 'fired', firedAt: 5, firedBy: '101.2' })
    terminal.emit('alerts.fired', { session: { profileId: 'p1', profileGeneration: 1 }, alerts: [fired] })
    terminal.emit('alerts.fired', { session: { profileId: 'p1', profileGeneration: 1 }, alerts: [fired] })
    expect(alerts.takeFired().map((a) => a.id)).toEqual(['a1'])
    expect(alerts.takeFired()).toEqual([])
    expect(alerts.alerts.map((a) => a.status)).toEqual(['fired'])
  })

  it("takes the core's list when an alert of its profile was set elsewhere (a popped-out chart), without reading it again; not another profile's", async () => {
    const alerts = useAlertsStore()
    alerts.listen()
    await alerts.load()
    const reads = terminal.callsOf('alerts.list').length
    terminal.emit('alerts.changed', { profileId: 'other', alerts: [alert({ id: 'x', profileId: 'other' })] })
    expect(alerts.alerts.map((a) => a.id)).toEqual(['a1'])
    terminal.emit('alerts.changed', { profileId: 'p1', alerts: [alert(), alert({ id: 'a2', price: '105' })] })
    expect(alerts.alerts.map((a) => a.id)).toEqual(['a1', 'a2'])
    expect(terminal.callsOf('alerts.list')).toHaveLength(reads)
    alerts.dispose()
    terminal.emit('alerts.changed', { profileId: 'p1', alerts: [] })
    expect(alerts.alerts).toHaveLength(2)
  })

  it("lists an alert it set once, whether the core's list or the answer comes first, and reads nothing more", async () => {
    const alerts = useAlertsStore()
    alerts.listen()
    await alerts.load()
    const reads = terminal.callsOf('alerts.list').length
    const made = alert({ id: 'n1', price: '110' })
    // The core's list first (it is sent before the answer travels back), then the answer.
    terminal.handlers['alerts.create'] = () => {
      terminal.emit('alerts.changed', { profileId: 'p1', alerts: [alert(), made] })
      return made
    }
    alerts.openDialog('BTC_USDT', '110', '100')
    expect(await alerts.save()).toBe(true)
    expect(alerts.alerts.map((a) => a.id)).toEqual(['a1', 'n1'])
    // The answer first, then the core's list.
    const line = alert({ id: 'n2', kind: 'line', drawingId: 'd1' })
    terminal.handlers['alerts.create'] = () => line
    await alerts.createOnLine('BTC_USDT', 'd1')
    expect(alerts.alerts.map((a) => a.id)).toEqual(['a1', 'n1', 'n2'])
    terminal.emit('alerts.changed', { profileId: 'p1', alerts: [alert(), made, line] })
    expect(alerts.alerts.map((a) => a.id)).toEqual(['a1', 'n1', 'n2'])
    expect(terminal.callsOf('alerts.list')).toHaveLength(reads)
  })

  it('a read taken before a change the core told meanwhile never puts the older state back', async () => {
    const alerts = useAlertsStore()
    alerts.listen()
    const slow = deferred<Alert[]>()
    terminal.handlers['alerts.list'] = () => slow.promise
    // a fire told during the read: put back over what was read before it
    const reading = alerts.load()
    terminal.emit('alerts.fired', { session: { profileId: 'p1', profileGeneration: 1 }, alerts: [alert({ status: 'fired', firedAt: 5 })] })
    slow.resolve([alert(), alert({ id: 'a2' })])
    await reading
    expect(alerts.alerts.map((a) => [a.id, a.status])).toEqual([
      ['a1', 'fired'],
      ['a2', 'active'],
    ])
    // a whole list told during the read stands over it
    const again = deferred<Alert[]>()
    terminal.handlers['alerts.list'] = () => again.promise
    const rereading = alerts.load()
    terminal.emit('alerts.changed', { profileId: 'p1', alerts: [alert({ status: 'fired', firedAt: 5 })] })
    again.resolve([alert(), alert({ id: 'a2' })])
    await rereading
    expect(alerts.alerts.map((a) => [a.id, a.status])).toEqual([['a1', 'fired']])
  })

  it('an alert that fired before its create was answered stays fired', async () => {
    const alerts = useAlertsStore()
    alerts.listen()
    await alerts.load()
    const made = alert({ id: 'n1', kind: 'cross', price: '100' })
    terminal.handlers['alerts.create'] = () => {
      terminal.emit('alerts.fired', { session: { profileId: 'p1', profileGeneration: 1 }, alerts: [{ ...made, status: 'fired', firedAt: 5 }] })
      return made
    }
    alerts.openDialog('BTC_USDT', '100', '100')
    expect(await alerts.save()).toBe(true)
    expect(alerts.alerts.find((a) => a.id === 'n1')?.status).toBe('fired')
  })

  it('a pop-out (mirror) keeps its list true when an alert fires, and neither shows nor announces it', async () => {
    const alerts = useAlertsStore()
    alerts.listen('mirror')
    await alerts.load()
    const fired = alert({ status: 'fired', firedAt: 5, firedBy: '101.2' })
    terminal.handlers['alerts.list'] = () => [fired]
    terminal.emit('alerts.fired', { session: { profileId: 'p1', profileGeneration: 1 }, alerts: [fired] })
    await expect.poll(() => alerts.alerts.map((a) => a.status)).toEqual(['fired'])
    expect(alerts.takeFired()).toEqual([])
  })

  it("drops another profile's fired alerts", () => {
    const alerts = useAlertsStore()
    alerts.listen()
    terminal.emit('alerts.fired', { session: { profileId: 'other', profileGeneration: 1 }, alerts: [alert({ id: 'x', profileId: 'other', status: 'fired' })] })
    expect(alerts.takeFired()).toEqual([])
  })

  it('refuses a price that is not a number before sending, and shows the core’s refusal', async () => {
    const alerts = useAlertsStore()
    alerts.openDialog('BTC_USDT', '12,5', '100')
    expect(await alerts.save()).toBe(false)
    expect(alerts.priceError).toMatch(/Use a dot as the decimal separator/)
    expect(terminal.callsOf('alerts.create')).toEqual([])

    terminal.handlers['alerts.create'] = () => {
      throw new TerminalError({ kind: 'validation', code: 'ALERT_WOULD_FIRE_NOW', message: 'The price is already at or above 99.', field: 'price' })
    }
    alerts.dialog!.price = '99'
    expect(alerts.priceError).toBeNull()
    expect(await alerts.save()).toBe(false)
    expect(alerts.dialogError).toBe('The price is already at or above 99.')
    expect(alerts.dialogOpen).toBe(true)
  })

  it('opens as "falls to" below the last price, "crosses" at it and "rises to" above it, and saves what was typed', async () => {
    const alerts = useAlertsStore()
    alerts.openDialog('BTC_USDT', '90', '100')
    expect(alerts.dialog?.kind).toBe('below')
    // "+ Alert" starts at the last price itself: a "rises to" there would fire at the next tick.
    alerts.openDialog('BTC_USDT', '100.0', '100')
    expect(alerts.dialog?.kind).toBe('cross')
    alerts.openDialog('BTC_USDT', '110', '100')
    expect(alerts.dialog?.kind).toBe('above')
    terminal.handlers['alerts.create'] = (draft) => alert({ id: 'a2', price: 'price' in draft! ? draft.price : undefined })
    expect(await alerts.save()).toBe(true)
    expect(terminal.callsOf('alerts.create')).toEqual([{ kind: 'above', pair: 'BTC_USDT', price: '110', sound: true }])
    expect(alerts.dialogOpen).toBe(false)
  })

  it('sets an alert on one order filling, or on any order of the pair, with no price asked', async () => {
    const alerts = useAlertsStore()
    terminal.handlers['alerts.create'] = (draft) => alert({ id: 'o1', kind: 'order-filled', price: undefined, ...(draft && 'orderId' in draft ? { orderId: draft.orderId } : {}) })
    alerts.openOrderDialog('BTC_USDT', 42)
    expect(alerts.dialog).toMatchObject({ kind: 'order-filled', orderId: 42 })
    expect(await alerts.save()).toBe(true)
    alerts.openOrderDialog('ETH_USDT', null)
    expect(await alerts.save()).toBe(true)
    expect(terminal.callsOf('alerts.create')).toEqual([
      { kind: 'order-filled', pair: 'BTC_USDT', orderId: 42, sound: true },
      { kind: 'order-filled', pair: 'ETH_USDT', sound: true },
    ])
  })

  it('switching the dialog from a price to "order filled" sends no price', async () => {
    const alerts = useAlertsStore()
    terminal.handlers['alerts.create'] = () => alert({ id: 'o2', kind: 'order-filled', price: undefined })
    alerts.openDialog('BTC_USDT', '110', '100')
    alerts.dialog!.kind = 'order-filled'
    expect(await alerts.save()).toBe(true)
    expect(terminal.callsOf('alerts.create')).toEqual([{ kind: 'order-filled', pair: 'BTC_USDT', sound: true }])
  })
})
