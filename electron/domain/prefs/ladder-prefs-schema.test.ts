// The ladder's saved preferences: prefs.set takes only a whole, valid section (sizes as plain positive
// decimals, a chosen preset among them, hotkeys in the one combo form, no combo on two actions); a
// saved file is read part by part, a damaged part at its default, so a bad file never arms a hotkey.
import { describe, expect, it } from 'vitest'
import { DEFAULT_LADDER_PREFS, MAX_LADDER_STEPS } from './ladder-prefs'
import { ladderPrefsFileSchema, ladderPrefsInputSchema } from './ladder-prefs-schema'

describe('ladderPrefsInputSchema', () => {
  it('takes the defaults and a valid change', () => {
    expect(ladderPrefsInputSchema.safeParse(DEFAULT_LADDER_PREFS).success).toBe(true)
    const changed = {
      ...DEFAULT_LADDER_PREFS,
      presets: ['0.002', '0.5'],
      preset: 1,
      steps: [
        { pair: 'BTC_USDT', step: '10' },
        { pair: 'DOGE_USDT', step: '0.0005' },
      ],
      view: 'ladder',
      hotkeys: { ...DEFAULT_LADDER_PREFS.hotkeys, buyBest: 'alt+b', flatten: 'f2' },
    }
    expect(ladderPrefsInputSchema.safeParse(changed).success).toBe(true)
  })

  it.each([
    ['a negative size', { presets: ['-1'] }],
    ['a zero size', { presets: ['0'] }],
    ['a size in exponent form', { presets: ['1e-3'] }],
    ['a size with more than 18 decimals', { presets: ['0.0000000000000000001'] }],
    ['a chosen preset beyond any list', { preset: 6 }],
    ['a combo in another form', { hotkeys: { ...DEFAULT_LADDER_PREFS.hotkeys, buyBest: 'B+Alt' } }],
    ['one combo on two actions', { hotkeys: { ...DEFAULT_LADDER_PREFS.hotkeys, buyBest: 'alt+b', sellBest: 'alt+b' } }],
    ['an unknown field', { oneClick: true }],
    ['a step of a pair not written as BTC_USDT', { steps: [{ pair: 'btc/usdt', step: '10' }] }],
    ['a step of 0', { steps: [{ pair: 'BTC_USDT', step: '0' }] }],
    ['more pairs than are kept', { steps: Array.from({ length: MAX_LADDER_STEPS + 1 }, (_, i) => ({ pair: `P${i}_USDT`, step: '1' })) }],
  ])('refuses %s', (_, patch) => {
    expect(ladderPrefsInputSchema.safeParse({ ...DEFAULT_LADDER_PREFS, ...patch }).success).toBe(false)
  })
})

describe('ladderPrefsFileSchema', () => {
  it('reads a file from before the ladder as the defaults', () => {
    expect(ladderPrefsFileSchema.parse(undefined)).toEqual(DEFAULT_LADDER_PREFS)
  })

  it("reads the first ladder's one global grouping as every pair on Auto", () => {
    const read = ladderPrefsFileSchema.parse({ ...DEFAULT_LADDER_PREFS, steps: undefined, grouping: '10' })
    expect(read.steps).toEqual([])
    expect(read).not.toHaveProperty('grouping')
  })

  it('keeps the good parts of a damaged section, and never arms a damaged hotkey', () => {
    const read = ladderPrefsFileSchema.parse({
      presets: 'x',
      preset: 9,
      steps: [{ pair: 'BTC_USDT', step: '10' }, { pair: 'ETH_USDT', step: '-1' }, 'x'],
      hotkeys: { buyBest: 'alt+b', sellBest: 42 },
      view: 'ladder',
    })
    expect(read.presets).toEqual(DEFAULT_LADDER_PREFS.presets)
    expect(read.preset).toBe(0)
    expect(read.steps).toEqual([{ pair: 'BTC_USDT', step: '10' }])
    expect(read.hotkeys.buyBest).toBe('alt+b')
    expect(read.hotkeys.sellBest).toBeNull()
    expect(read.hotkeys.flatten).toBeNull()
    expect(read.view).toBe('ladder')
  })
})
