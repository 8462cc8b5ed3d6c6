import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createEventHub } from '../events'
import { POPOUTS_FILE, createPopoutStore } from './popout-store'
import { createPopoutHandlers } from './terminal-popouts'
import { popoutOpenInput, popoutsFileSchema } from '../../domain/popouts/popouts'
import { methodInputs } from '../../domain/api/api'

const dirs: string[] = []
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'popouts-'))
  dirs.push(dir)
  return dir
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

const chart = { panel: 'chart' as const, pane: 0, pair: 'BTC_USDT', interval: '60' as const }
const bounds = { x: 100, y: 80, width: 900, height: 600 }

describe('pop-out store', () => {
  it('keeps the pop-outs, what they show and where their windows stood, across a restart', async () => {
    const dir = fresh()
    const store = createPopoutStore(dir)
    await store.open(chart)
    await store.open({ panel: 'book', pane: 0, pair: 'BTC_USDT', interval: '60' })
    await store.place({ panel: 'chart', pane: 0 }, bounds)
    // showing another pair keeps the window's place
    await store.open({ ...chart, pair: 'ETH_USDT' })
    const again = createPopoutStore(dir)
    expect(await again.list()).toEqual([
      { ...chart, pair: 'ETH_USDT', bounds },
      { panel: 'book', pane: 0, pair: 'BTC_USDT', interval: '60', bounds: null },
    ])
    expect(await again.loadWarning()).toBeNull()
  })

  it("a window's late word of what a pop-out shows never opens it again once brought back (follow)", async () => {
    const store = createPopoutStore(fresh())
    await store.open({ ...chart, pane: 1 })
    await store.close({ panel: 'chart', pane: 1 })
    expect(await store.open({ ...chart, pane: 1, pair: 'ETH_USDT', follow: true })).toEqual([])
    await store.open({ ...chart, pane: 2 })
    expect(await store.open({ ...chart, pane: 2, pair: 'ETH_USDT', follow: true })).toEqual([{ ...chart, pane: 2, pair: 'ETH_USDT', bounds: null }])
    expect(popoutOpenInput.safeParse({ ...chart, follow: false }).success).toBe(false)
  })

  it('closing puts the panel back: it is no longer kept; a window placed after its close is not brought back', async () => {
    const dir = fresh()
    const store = createPopoutStore(dir)
    await store.open(chart)
    expect(await store.close({ panel: 'chart', pane: 0 })).toEqual([])
    expect(await store.place({ panel: 'chart', pane: 0 }, bounds)).toEqual([])
    expect(await createPopoutStore(dir).list()).toEqual([])
  })

  it('a damaged file is set aside and reported, and the windows start with every panel at home', async () => {
    const dir = fresh()
    writeFileSync(join(dir, POPOUTS_FILE), JSON.stringify({ version: 1, popouts: [{ ...chart, bounds: null, panel: 'orders' }] }))
    const store = createPopoutStore(dir)
    expect(await store.list()).toEqual([])
    expect(await store.loadWarning()).toMatch(/pop-out windows file was damaged .*set aside/)
    expect(readdirSync(dir).some((f) => f.startsWith('popouts.json') && f !== POPOUTS_FILE)).toBe(true)
    // and it works on: the next pop-out is kept in a good file
    await store.open(chart)
    expect(popoutsFileSchema.parse(JSON.parse(readFileSync(join(dir, POPOUTS_FILE), 'utf8'))).popouts).toHaveLength(1)
  })

  it('a file with the same panel twice, or bounds off any sane screen, is damaged too', async () => {
    for (const popouts of [
      [
        { ...chart, bounds: null },
        { ...chart, bounds: null },
      ],
      [{ ...chart, bounds: { ...bounds, width: 5 } }],
      [{ ...chart, pane: 4, bounds: null }],
    ]) {
      const dir = fresh()
      writeFileSync(join(dir, POPOUTS_FILE), JSON.stringify({ version: 1, popouts }))
      const store = createPopoutStore(dir)
      expect(await store.list()).toEqual([])
      expect(await store.loadWarning()).not.toBeNull()
    }
  })

  it("the window's input is checked: an unknown panel, a pane past the last, a bad pair or interval are refused", () => {
    expect(popoutOpenInput.safeParse(chart).success).toBe(true)
    for (const bad of [
      { ...chart, panel: 'orders' },
      { ...chart, pane: 4 },
      { ...chart, pane: -1 },
      { ...chart, pair: 'btc' },
      { ...chart, interval: '2' },
      { ...chart, extra: 1 },
    ]) {
      expect(popoutOpenInput.safeParse(bad).success).toBe(false)
    }
  })
})

describe('popouts.* handlers', () => {
  it('tell every window the list after each change, and the list says when the file was damaged', async () => {
    const dir = fresh()
    writeFileSync(join(dir, POPOUTS_FILE), 'not json')
    const hub = createEventHub()
    const told: unknown[] = []
    hub.on('popouts.changed', (payload) => told.push(payload))
    const handlers = createPopoutHandlers({ dataDir: dir, hub })
    expect(await handlers['popouts.list'](undefined)).toEqual({ popouts: [], warning: expect.stringMatching(/not valid JSON/) })
    await handlers['popouts.open'](chart)
    await handlers['popouts.place']({ panel: 'chart', pane: 0, bounds })
    await handlers['popouts.close']({ panel: 'chart', pane: 0 })
    expect(told).toEqual([{ popouts: [{ ...chart, bounds: null }] }, { popouts: [{ ...chart, bounds }] }, { popouts: [] }])
  })

  it('popouts.fill tells every window a price for the order form; its input is checked (a price, a pair, nothing else)', async () => {
    const hub = createEventHub()
    const told: unknown[] = []
    hub.on('popouts.fill', (payload) => told.push(payload))
    const handlers = createPopoutHandlers({ dataDir: fresh(), hub })
    expect(await handlers['popouts.fill']({ pair: 'BTC_USDT', price: '57934.22' })).toEqual({ told: true })
    await handlers['popouts.fill']({ pair: 'BTC_USDT', price: '57934.22', amount: '0.5' })
    expect(told).toEqual([
      { pair: 'BTC_USDT', price: '57934.22' },
      { pair: 'BTC_USDT', price: '57934.22', amount: '0.5' },
    ])
    const input = methodInputs['popouts.fill']
    for (const bad of [
      { pair: 'BTC_USDT', price: '-1' },
      { pair: 'BTC_USDT', price: '1e5' },
      { pair: 'btc', price: '1' },
      { pair: 'BTC_USDT', price: '1', send: true },
      { pair: 'BTC_USDT', price: '0' },
    ]) {
      expect(input.safeParse(bad).success).toBe(false)
    }
  })
})
