// Named workspaces as the trader uses them: saved under a name, switched to in one action and undone,
// renamed, exported as a file that imports again; a bad file changes nothing and says why.
import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { Preferences } from '@domain/api/api'
import type { Popout } from '@domain/popouts/popouts'
import { DEFAULT_PREFERENCES } from '@domain/prefs/preferences'
import { setTerminal } from '@/api'
import { fakeTerminal, profileView, sessionState, type FakeTerminal } from '../test/fake-terminal.test-util'
import { usePrefsStore } from '../prefs'
import { useSessionStore } from '../session/session'
import { useChartsStore } from './charts'
import { useWorkspacesStore } from './workspaces'
import { usePopoutsStore } from '../popouts/popouts'

let terminal: FakeTerminal
let saved: Preferences
let out: Popout[]

beforeEach(async () => {
  setActivePinia(createPinia())
  saved = structuredClone(DEFAULT_PREFERENCES)
  out = []
  terminal = fakeTerminal({
    'popouts.list': () => ({ popouts: out, warning: null }),
    'popouts.open': (input) => {
      out = [...out.filter((p) => p.panel !== input.panel || p.pane !== input.pane), { bounds: null, ...input }]
      return { popouts: out }
    },
    'popouts.close': (place) => {
      out = out.filter((p) => p.panel !== place.panel || p.pane !== place.pane)
      return { popouts: out }
    },
    'session.get': () => sessionState(),
    'profiles.list': () => [profileView()],
    'app.info': () => ({ name: 'T', version: '0.1.0', host: 'web', platform: 'linux', dataDir: '/d', keychain: { available: true } }),
    'prefs.get': () => structuredClone(saved),
    'prefs.set': (patch) => {
      const { indicators: _indicators, layout, ...rest } = patch
      saved = { ...saved, ...(rest as Partial<Preferences>), layout: { ...saved.layout, ...layout } }
      return structuredClone(saved)
    },
    'market.paneSubscribe': ({ pane, pair, interval }) => ({
      pane,
      holder: 'main' as const,
      pair,
      interval,
      candles: [],
      trades: [],
      ticker: null,
      stale: false,
      fetchedAt: 1,
      session: { profileId: 'p1', profileGeneration: 1 },
    }),
    'market.subscribe': ({ pair, interval }) => ({ pair, interval, candles: [], trades: [], ticker: null, stale: false, fetchedAt: 1 }),
  })
  setTerminal(terminal)
  await useSessionStore().load()
  await usePrefsStore().load()
})

describe('workspaces', () => {
  it('saves the arrangement under a name, switches to it in one action, and undo puts back what was there', async () => {
    const charts = useChartsStore()
    const workspaces = useWorkspacesStore()
    charts.setLayout('4')
    charts.setPair(2, 'LTC_USDT')
    charts.setBottomTab('fees')
    expect(await workspaces.save('Four')).toBeNull()
    charts.setLayout('1')
    charts.setBottomTab('orders')

    expect(workspaces.switchTo('four')).toBe(true)
    expect(charts.layout).toBe('4')
    expect(charts.panes[2]!.pair).toBe('LTC_USDT')
    expect(charts.arrangement.bottomTab).toBe('fees')
    workspaces.undo()
    expect(charts.layout).toBe('1')
    expect(charts.arrangement.bottomTab).toBe('orders')
    // kept by the core: what the next start reads
    expect(saved.workspaces.map((w) => w.name)).toEqual(['Four'])
    expect(saved.charts.layout).toBe('1')
  })

  it('keeps the pop-outs with the workspace: switching opens the ones it has and brings back the others; undo puts them back', async () => {
    const charts = useChartsStore()
    const workspaces = useWorkspacesStore()
    const popouts = usePopoutsStore()
    await popouts.load()
    charts.setLayout('2h')
    charts.setPair(1, 'LTC_USDT')
    await popouts.open({ panel: 'chart', pane: 1 })
    out = out.map((p) => ({ ...p, bounds: { x: 10, y: 20, width: 800, height: 600 } }))
    terminal.emit('popouts.changed', { popouts: out })
    expect(await workspaces.save('Split')).toBeNull()
    expect(saved.workspaces[0]!.popouts).toEqual([{ panel: 'chart', pane: 1, pair: 'LTC_USDT', bounds: { x: 10, y: 20, width: 800, height: 600 } }])

    // another arrangement: the book out, chart 2 back
    await popouts.close({ panel: 'chart', pane: 1 })
    await popouts.open({ panel: 'book', pane: 0 })
    expect(await workspaces.save('Book')).toBeNull()

    expect(workspaces.switchTo('Split')).toBe(true)
    await new Promise((r) => setTimeout(r, 0))
    expect(out.map((p) => `${p.panel}-${p.pane}`)).toEqual(['chart-1'])
    // opened where its window stood when saved
    expect(terminal.callsOf('popouts.open').at(-1)).toMatchObject({ panel: 'chart', pane: 1, bounds: { x: 10, y: 20, width: 800, height: 600 } })
    workspaces.undo()
    await new Promise((r) => setTimeout(r, 0))
    expect(out.map((p) => `${p.panel}-${p.pane}`)).toEqual(['book-0'])
  })

  it('refuses a workspace file that names one pop-out twice, and changes nothing', async () => {
    const workspaces = useWorkspacesStore()
    await workspaces.save('Four')
    const file = JSON.parse(workspaces.exportText('Four')!) as { workspace: { name: string; popouts: unknown[] } }
    file.workspace.name = 'Twice'
    file.workspace.popouts = [
      { panel: 'chart', pane: 2 },
      { panel: 'chart', pane: 2, pair: 'ETH_USDT' },
    ]
    expect(await workspaces.importText(JSON.stringify(file))).toMatch(/names each pop-out window once/)
    file.workspace.popouts = [{ panel: 'chart', pane: 7 }]
    expect(await workspaces.importText(JSON.stringify(file))).toMatch(/Not a valid workspace file.*popouts\.0\.pane/)
    expect(saved.workspaces.map((w) => w.name)).toEqual(['Four'])
  })

  it('refuses a bad or taken name, and renames and deletes', async () => {
    const workspaces = useWorkspacesStore()
    expect(await workspaces.save('  ')).toContain('A workspace name is')
    expect(await workspaces.save('A')).toBeNull()
    expect(await workspaces.save('B')).toBeNull()
    expect(await workspaces.rename('A', 'b')).toContain('exists already')
    expect(await workspaces.rename('A', 'Day')).toBeNull()
    await workspaces.remove('B')
    expect(saved.workspaces.map((w) => w.name)).toEqual(['Day'])
  })

  it('exports a file that imports again under another name; a bad file changes nothing and says why', async () => {
    const workspaces = useWorkspacesStore()
    await workspaces.save('Four')
    const text = workspaces.exportText('Four')!
    const before = JSON.stringify(saved)
    expect(await workspaces.importText('{ nope')).toContain('not JSON')
    const file = JSON.parse(text) as { workspace: { name: string; panes: { pair: string }[] } }
    file.workspace.name = 'Copy'
    file.workspace.panes[0]!.pair = 'bad pair'
    expect(await workspaces.importText(JSON.stringify(file))).toMatch(/Not a valid workspace file: A pair looks like BTC_USDT \(at workspace\.panes\.0\.pair\)/)
    expect(await workspaces.importText(text)).toContain('exists already')
    expect(JSON.stringify(saved)).toBe(before)
    file.workspace.panes[0]!.pair = 'ETH_USDT'
    expect(await workspaces.importText(JSON.stringify(file))).toBeNull()
    expect(saved.workspaces.map((w) => w.name)).toEqual(['Four', 'Copy'])
  })
})
