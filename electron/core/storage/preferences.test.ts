import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createPreferenceStore } from './preferences'
import { DEFAULT_ARRANGEMENT, type Workspace } from '../../domain/prefs/workspace'

let dir: string | null = null
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = null
})

describe('the time-zone preference', () => {
  it('is local time by default, also for a file written before the switch existed', async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefs-'))
    await writeFile(
      join(dir, 'preferences.json'),
      JSON.stringify({ version: 1, prefs: { theme: 'light', pair: 'ETH_USDT', interval: '60', confirmOrders: true, hideZeroBalances: false, layout: { sidebar: 20, bottom: 30 } } }),
    )
    const prefs = await createPreferenceStore(dir).get()
    expect(prefs.timeZone).toBe('local')
    expect(prefs.theme).toBe('light')
  })
  it('survives a restart once set to UTC', async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefs-'))
    await createPreferenceStore(dir).set({ timeZone: 'utc' })
    expect(JSON.parse(await readFile(join(dir, 'preferences.json'), 'utf8')).prefs.timeZone).toBe('utc')
    expect((await createPreferenceStore(dir).get()).timeZone).toBe('utc')
  })
})

describe('the chart workspace preferences', () => {
  const write = async (prefs: unknown) => {
    dir = await mkdtemp(join(tmpdir(), 'prefs-'))
    await writeFile(join(dir, 'preferences.json'), JSON.stringify({ version: 1, prefs }))
    return createPreferenceStore(dir).get()
  }
  const base = { theme: 'dark', pair: 'BTC_USDT', interval: '15', confirmOrders: true, hideZeroBalances: true, timeZone: 'local' }

  it('opens a file from before the workspace with the new panels shown and the old sizes kept', async () => {
    const prefs = await write({ ...base, layout: { sidebar: 20, bottom: 35 } })
    expect(prefs.layout).toEqual({ sidebar: 20, bottom: 35, side: 25, bottomCollapsed: false, sideCollapsed: false })
    expect(prefs.indicators).toEqual({})
  })

  it('keeps the good indicators of a damaged file and drops the bad ones', async () => {
    const rsi = { id: 'RSI', params: { period: 14 }, color: '#e056fd' }
    const prefs = await write({
      ...base,
      layout: { sidebar: 20, bottom: 500, side: 'wide', bottomCollapsed: 'yes', sideCollapsed: true },
      indicators: {
        'BTC_USDT|15': [rsi, { id: 'NOPE', params: {}, color: '#000000' }, { id: 'SMA', params: { period: 20 }, color: 'red' }],
        'not a key': [rsi],
        'ETH_USDT|60': 'broken',
      },
    })
    expect(prefs.indicators).toEqual({ 'BTC_USDT|15': [rsi] })
    // Each bad layout field falls back on its own; the good ones stay.
    expect(prefs.layout).toEqual({ sidebar: 20, bottom: 30, side: 25, bottomCollapsed: false, sideCollapsed: true })
  })

  it("saves one chart's indicators without touching the other charts'", async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefs-'))
    const store = createPreferenceStore(dir)
    const rsi = { id: 'RSI' as const, params: { period: 14 }, color: '#e056fd' }
    const bb = { id: 'BB' as const, params: { period: 20, deviation: 2 }, color: '#b37feb' }
    await store.set({ indicators: { chart: 'BTC_USDT|15', list: [rsi] } })
    await store.set({ indicators: { chart: 'ETH_USDT|60', list: [bb] } })
    const reread = await createPreferenceStore(dir).get()
    expect(reread.indicators).toEqual({ 'BTC_USDT|15': [rsi], 'ETH_USDT|60': [bb] })
  })

  it('keeps the newer layout fields when an older caller sends only the sizes', async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefs-'))
    const store = createPreferenceStore(dir)
    await store.set({ layout: { sidebar: 20, bottom: 30, side: 33, bottomCollapsed: true, sideCollapsed: false } })
    const after = await store.set({ layout: { sidebar: 22, bottom: 31 } })
    expect(after.layout).toEqual({ sidebar: 22, bottom: 31, side: 33, bottomCollapsed: true, sideCollapsed: false })
    expect((await createPreferenceStore(dir).get()).layout.bottomCollapsed).toBe(true)
  })
})

describe('the charts arrangement and the named workspaces', () => {
  const ws = (name: string): Workspace => ({ ...structuredClone(DEFAULT_ARRANGEMENT), layout: '2h', name, indicators: [], savedAt: 1 })

  it('survive a restart; a name repeated in any case is kept once, the first', async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefs-'))
    const charts = { ...structuredClone(DEFAULT_ARRANGEMENT), layout: '4' as const }
    await createPreferenceStore(dir).set({ charts, workspaces: [ws('Day'), ws('day'), ws('Night')] })
    const reread = await createPreferenceStore(dir).get()
    expect(reread.charts.layout).toBe('4')
    expect(reread.workspaces.map((w) => w.name)).toEqual(['Day', 'Night'])
  })

  it('open a file from before them with one chart and no workspace, and a damaged arrangement as one chart', async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefs-'))
    await writeFile(join(dir, 'preferences.json'), JSON.stringify({ version: 1, prefs: { theme: 'dark', charts: { layout: '4', panes: [] }, workspaces: [ws('Ok'), { name: 'bad' }] } }))
    const prefs = await createPreferenceStore(dir).get()
    expect(prefs.charts).toEqual(DEFAULT_ARRANGEMENT)
    expect(prefs.workspaces.map((w) => w.name)).toEqual(['Ok'])
  })
})
