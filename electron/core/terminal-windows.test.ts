// What the core tells every window it serves (the main window and its pop-outs, docs/popouts.md):
// a change of the preferences, and of the pop-outs, as saved, whichever window made it.
import { describe, expect, it } from 'vitest'
import { next, useTerminalHarness } from './test/terminal-harness.test-util'

describe('the windows of one core', () => {
  const h = useTerminalHarness(23)

  it('hear of a preferences change as saved (the pop-out follows the theme), and of the pop-outs kept', async () => {
    const core = await h.open(h.freshDir())
    const prefs = next(core, 'prefs.changed')
    const saved = await core.call('prefs.set', { theme: 'light' })
    expect(await prefs).toEqual(saved)
    expect(saved.theme).toBe('light')

    const popouts = next(core, 'popouts.changed')
    await core.call('popouts.open', { panel: 'chart', pane: 0, pair: 'BTC_USDT', interval: '15' })
    expect(await popouts).toEqual({ popouts: [{ panel: 'chart', pane: 0, pair: 'BTC_USDT', interval: '15', bounds: null }] })
    expect(await core.call('popouts.list', undefined)).toEqual({ popouts: [{ panel: 'chart', pane: 0, pair: 'BTC_USDT', interval: '15', bounds: null }], warning: null })
  })
})
