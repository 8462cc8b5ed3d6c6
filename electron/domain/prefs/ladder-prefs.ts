// The price ladder's saved preferences: its size presets (which one is chosen), the price step the
// trader chose for each pair (a pair without one gets the automatic step: src/stores/ladder) and
// its hotkeys, each off until the trader sets it. One-click mode is deliberately not here: it is off at
// every start (src/stores/ladder/ladder.ts). Their zod schemas: ladder-prefs-schema.ts (the core's).

/** What a ladder hotkey does. */
export const LADDER_ACTIONS = ['buyBest', 'sellBest', 'cancelAll', 'flatten', 'sizeUp', 'sizeDown'] as const
export type LadderAction = (typeof LADDER_ACTIONS)[number]

export type LadderHotkeys = Record<LadderAction, string | null>

export interface LadderPrefs {
  /** Base amounts, as exact decimal strings, smallest first. */
  presets: string[]
  /** Index of the preset in use. */
  preset: number
  /**
   * The price step of one row the trader chose, per pair (a multiple of its tick, a decimal string);
   * a pair not listed is on the automatic step. At most MAX_LADDER_STEPS, the latest choice last.
   */
  steps: LadderStep[]
  hotkeys: LadderHotkeys
  /** What the book's place in the side column shows: the order book or the ladder. */
  view: 'book' | 'ladder'
}

export interface LadderStep {
  /** "BTC_USDT" */
  pair: string
  step: string
}

export const MAX_LADDER_PRESETS = 6
/** Pairs whose step is kept: beyond it the oldest choice goes back to automatic. */
export const MAX_LADDER_STEPS = 50

export const DEFAULT_LADDER_HOTKEYS: LadderHotkeys = { buyBest: null, sellBest: null, cancelAll: null, flatten: null, sizeUp: null, sizeDown: null }

export const DEFAULT_LADDER_PREFS: LadderPrefs = { presets: ['0.001', '0.01', '0.1'], preset: 0, steps: [], hotkeys: DEFAULT_LADDER_HOTKEYS, view: 'book' }
