// The workspace's schemas: prefs.set takes a whole arrangement and a list of workspaces, refusing a
// bad one with what is wrong; an imported file must say what it is; a damaged saved file falls back
// to the default arrangement and keeps every valid workspace.
import { describe, expect, it } from 'vitest'
import { methodInputs } from '../api/api'
import { DEFAULT_ARRANGEMENT, MAX_WORKSPACES, WORKSPACE_FILE_FORMAT, type Workspace } from './workspace'
import { readArrangement, readWorkspaces, workspaceFileSchema } from './workspace-schema'

const set = methodInputs['prefs.set']
const ws = (name: string): Workspace => ({ ...structuredClone(DEFAULT_ARRANGEMENT), layout: '4', name, indicators: [[{ id: 'SMA', params: { period: 5 }, color: '#ffffff' }]], savedAt: 1 })

describe('prefs.set of the charts and workspaces', () => {
  it('accepts an arrangement with pop-outs and a list of workspaces', () => {
    const charts = { ...DEFAULT_ARRANGEMENT, popouts: [{ panel: 'chart', pane: 1, pair: 'ETH_USDT', bounds: { x: 0, y: 0, width: 800, height: 600 } }] }
    expect(set.safeParse({ charts, workspaces: [ws('Four'), ws('Scalping 1m')] }).success).toBe(true)
  })

  it('refuses a bad pair, a missing pane, an unknown colour, a bad name and too many, saying what is wrong', () => {
    const bad = (charts: unknown) => set.safeParse({ charts })
    const pair = bad({ ...DEFAULT_ARRANGEMENT, panes: DEFAULT_ARRANGEMENT.panes.map((p, i) => (i === 2 ? { ...p, pair: 'btc' } : p)) })
    expect(JSON.stringify(pair.error?.issues)).toContain('A pair looks like BTC_USDT')
    expect(bad({ ...DEFAULT_ARRANGEMENT, panes: DEFAULT_ARRANGEMENT.panes.slice(1) }).success).toBe(false)
    expect(bad({ ...DEFAULT_ARRANGEMENT, panes: DEFAULT_ARRANGEMENT.panes.map((p) => ({ ...p, link: 'red' })) }).success).toBe(false)
    expect(set.safeParse({ workspaces: Array.from({ length: MAX_WORKSPACES + 1 }, (_, i) => ws(`W${i}`)) }).success).toBe(false)
    expect(set.safeParse({ workspaces: [ws('<script>')] }).success).toBe(false)
  })
})

describe('a workspace file', () => {
  it('is taken with its format and version, and refused with the reason otherwise', () => {
    expect(workspaceFileSchema.safeParse({ format: WORKSPACE_FILE_FORMAT, version: 1, workspace: ws('Four') }).success).toBe(true)
    const other = workspaceFileSchema.safeParse({ format: 'something-else', version: 1, workspace: ws('Four') })
    expect(other.error?.issues[0]?.message).toContain('Not a workspace file')
    expect(workspaceFileSchema.safeParse({ format: WORKSPACE_FILE_FORMAT, version: 2, workspace: ws('Four') }).success).toBe(false)
    expect(workspaceFileSchema.safeParse({ format: WORKSPACE_FILE_FORMAT, version: 1, workspace: { ...ws('Four'), layout: '3' } }).success).toBe(false)
  })
})

describe('the saved file, read', () => {
  it('falls back to the default arrangement when it is damaged, and keeps each valid workspace once', () => {
    expect(readArrangement({ layout: '9' })).toEqual(DEFAULT_ARRANGEMENT)
    expect(readArrangement(undefined)).toEqual(DEFAULT_ARRANGEMENT)
    expect(readArrangement({ ...DEFAULT_ARRANGEMENT, layout: '2v' }).layout).toBe('2v')
    expect(readWorkspaces([ws('A'), { name: 'broken' }, ws('a'), ws('B')]).map((w) => w.name)).toEqual(['A', 'B'])
    expect(readWorkspaces('nope')).toEqual([])
  })
})
