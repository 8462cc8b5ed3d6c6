// Drawings in the core, and the alerts that follow a drawn line: the line's price at the time of
// each price seen, a moved line followed, a deleted one's alert cancelled; then through the IPC
// dispatch of a whole core: a bad drawing from a window refused, the drawings kept across a restart.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { EventPayloads } from '../../domain/api/api'
import type { Drawing } from '../../domain/drawings/drawings'
import { createDispatch } from '../../host/dispatch'
import { createEventHub } from '../events'
import { createTerminalAlerts } from '../alerts/terminal-alerts'
import { createDrawingHandlers } from './terminal-drawings'
import { useTerminalHarness } from '../test/terminal-harness.test-util'
import { BTC_USDT } from '../../domain/test/order-rules.test-util'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

const T0 = Date.UTC(2026, 0, 1)
const H = 3_600_000

function wired() {
  const dir = mkdtempSync(join(tmpdir(), 'drawings-wiring-'))
  dirs.push(dir)
  const hub = createEventHub()
  let clock = T0
  const now = () => clock
  const session = { active: { id: 'p1' }, client: null, switchGeneration: 1, profileGeneration: 1, signal: new AbortController().signal }
  const pairs = async () => [BTC_USDT]
  const drawings = createDrawingHandlers({ activeProfileId: () => 'p1', dataDir: dir, now, pairs, cancelFollowers: (p, d) => alerts.cancelFollowing(p, d) })
  const alerts = createTerminalAlerts({ session: session as never, hub, dataDir: dir, now, pollMs: 60_000, pairs, drawings: drawings.store })
  const fired: EventPayloads['alerts.fired'][] = []
  hub.on('alerts.fired', (e) => fired.push(e))
  const ticker = (last: string, at: number) => {
    clock = at
    hub.emit('market.ticker', { session: { profileId: 'p1', profileGeneration: 1 }, pair: 'BTC_USDT', ticker: { pair: 'BTC_USDT', last, buy: null, sell: null } })
  }
  const settle = () => new Promise((r) => setTimeout(r, 300))
  return { drawings: drawings.handlers, alerts, fired, ticker, settle }
}

const line = (id: string, kind: 'hline' | 'trendline' | 'ray', ...points: [number, string][]): Drawing =>
  ({ id, pair: 'BTC_USDT', color: '#3b82f6', kind, points: points.map(([time, price]) => ({ time, price })) }) as Drawing

describe('alerts on drawn lines', () => {
  it('a rising trend line fires its alert when it climbs through a price that stands still', async () => {
    const w = wired()
    // From 99 at T0 to 101 two hours later: at T0 + 1 h it stands at 100.
    await w.drawings['drawings.save'](line('up', 'trendline', [T0, '99'], [T0 + 2 * H, '101']))
    w.ticker('100', T0)
    await w.settle()
    const alert = await w.alerts.handlers['alerts.create']({ kind: 'line', pair: 'BTC_USDT', drawingId: 'up' })
    expect(alert).toMatchObject({ kind: 'line', drawingId: 'up', drawingKind: 'trendline', status: 'active' })
    w.ticker('100', T0 + H / 2) // the line at 99.5: still under the price
    await w.settle()
    expect(w.fired).toEqual([])
    w.ticker('100', T0 + H + 60_000) // the line just over 100: crossed
    w.ticker('99', T0 + 2 * H) // and again: it fires once
    await w.settle()
    expect(w.fired).toHaveLength(1)
    expect(w.fired[0]!.alerts[0]).toMatchObject({ id: alert.id, status: 'fired', firedBy: '100', price: '100.016666666666666667' })
  })

  it('follows its line when the line is moved, and is cancelled when the line is deleted', async () => {
    const w = wired()
    await w.drawings['drawings.save'](line('h', 'hline', [T0, '105']))
    w.ticker('100', T0)
    await w.settle()
    const alert = await w.alerts.handlers['alerts.create']({ kind: 'line', pair: 'BTC_USDT', drawingId: 'h' })
    await w.drawings['drawings.save'](line('h', 'hline', [T0, '99']))
    w.ticker('98.5', T0 + 1000) // under the moved line: crossed (the old 105 would not be)
    await w.settle()
    expect(w.fired.map((f) => f.alerts[0]!.id)).toEqual([alert.id])

    await w.drawings['drawings.save'](line('h2', 'hline', [T0, '90']))
    const second = await w.alerts.handlers['alerts.create']({ kind: 'line', pair: 'BTC_USDT', drawingId: 'h2', note: 'the range low', sound: false })
    // the delete names what it cancelled as it was asked for: an undo asks for it again
    expect(await w.drawings['drawings.delete']({ id: 'h2' })).toMatchObject({
      deleted: { id: 'h2' },
      cancelledAlerts: 1,
      cancelled: [{ kind: 'line', pair: 'BTC_USDT', drawingId: 'h2', note: 'the range low', sound: false }],
    })
    expect((await w.alerts.handlers['alerts.list'](undefined)).find((a) => a.id === second.id)?.status).toBe('cancelled')
    w.ticker('80', T0 + 2000)
    await w.settle()
    expect(w.fired).toHaveLength(1)
  })

  it('refuses an alert on a drawing that is not a line, or not there', async () => {
    const w = wired()
    await w.drawings['drawings.save']({
      id: 'r',
      pair: 'BTC_USDT',
      color: '#fff',
      kind: 'rect',
      points: [
        { time: T0, price: '1' },
        { time: T0 + H, price: '2' },
      ],
    })
    w.ticker('100', T0)
    await w.settle()
    await expect(w.alerts.handlers['alerts.create']({ kind: 'line', pair: 'BTC_USDT', drawingId: 'r' })).rejects.toMatchObject({ code: 'UNKNOWN_DRAWING' })
    await expect(w.alerts.handlers['alerts.create']({ kind: 'line', pair: 'BTC_USDT', drawingId: 'nope' })).rejects.toMatchObject({ code: 'UNKNOWN_DRAWING' })
    await expect(w.drawings['drawings.save']({ ...line('x', 'hline', [T0, '1']), pair: 'DOGE_USDT' })).rejects.toMatchObject({ code: 'UNKNOWN_PAIR' })
  })
})

describe('drawings in the core, through the IPC dispatch', () => {
  const h = useTerminalHarness(47)

  it('a bad drawing from a window is refused with its problem; good ones survive a restart', async () => {
    const dir = h.freshDir()
    const core = await h.open(dir)
    const dispatch = createDispatch(core)
    const bad = await dispatch('drawings.save', { id: 'a', pair: 'BTC_USDT', color: '#fff', kind: 'hline', points: [{ time: T0, price: '1e9' }] })
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } })
    const sneaky = await dispatch('drawings.save', { id: 'a', pair: 'BTC_USDT', color: '#fff', kind: 'hline', points: [{ time: T0, price: '10' }], profileId: 'other' })
    expect(sneaky).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } })
    // Well formed but unsound (a long's stop above its entry): the core's store refuses it in words.
    const upsideDown = {
      id: 'p',
      pair: 'BTC_USDT',
      color: '#fff',
      kind: 'long',
      points: [
        { time: T0, price: '100' },
        { time: T0 + H, price: '100' },
      ],
      stop: '105',
      target: '110',
    }
    expect(await dispatch('drawings.save', upsideDown)).toMatchObject({ ok: false, error: { code: 'INVALID_DRAWING', message: expect.stringMatching(/stop below the entry/) } })
    const good = line('a', 'ray', [T0, '43000.5'], [T0 + H, '43100'])
    expect(await dispatch('drawings.save', good)).toMatchObject({ ok: true })
    await core.dispose()
    const again = await h.open(dir)
    expect(await again.call('drawings.list', { pair: 'BTC_USDT' })).toEqual({ pair: 'BTC_USDT', drawings: [good], warning: null })
  })
})
