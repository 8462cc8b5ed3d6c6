// The user's preferences before they have chosen any: one object for the core, which reads a missing
// or damaged preferences file as these, and the window, which shows these until the core answers.
import type { Preferences } from '../api/api-views'
import { DEFAULT_LAYOUT } from './chart-prefs'
import { DEFAULT_ARRANGEMENT } from './workspace'
import { DEFAULT_LADDER_PREFS } from './ladder-prefs'

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'dark',
  pair: 'BTC_USDT',
  interval: '15',
  confirmOrders: true,
  hideZeroBalances: true,
  timeZone: 'local',
  panicHotkey: false,
  positionNotifications: false,
  layout: DEFAULT_LAYOUT,
  indicators: {},
  charts: DEFAULT_ARRANGEMENT,
  workspaces: [],
  ladder: DEFAULT_LADDER_PREFS,
}
