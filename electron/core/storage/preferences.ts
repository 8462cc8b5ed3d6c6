// The user's preferences (theme, pair, interval, layout, confirmations) in <dataDir>/preferences.json.
// Kept by the core rather than in the browser's storage because the web host's origin changes with
// its port, and because every host (Electron, web host) should open where the user left off.
import { join } from 'node:path'
import { z } from 'zod'
import type { Preferences } from '../../domain/api/api'
import { candleIntervalSchema } from '../../domain/wire/wire'
import { applyIndicatorPatch, type IndicatorPatch, type LayoutPrefs } from '../../domain/prefs/chart-prefs'
import { DEFAULT_PREFERENCES } from '../../domain/prefs/preferences'
import { layoutFileSchema, readIndicatorPrefs } from '../../domain/prefs/chart-prefs-schema'
import { readArrangement, readWorkspaces } from '../../domain/prefs/workspace-schema'
import { ladderPrefsFileSchema } from '../../domain/prefs/ladder-prefs-schema'
import { readJsonFile, writeJsonAtomic } from './atomic-file'

/** preferences.json, in the data directory. */
export const PREFERENCES_FILE = 'preferences.json'

export const preferencesFileSchema = z.object({
  version: z.literal(1),
  prefs: z.object({
    theme: z.enum(['dark', 'light']).catch('dark'),
    pair: z.string().catch(DEFAULT_PREFERENCES.pair),
    interval: candleIntervalSchema.catch(DEFAULT_PREFERENCES.interval),
    confirmOrders: z.boolean().catch(true),
    hideZeroBalances: z.boolean().catch(true),
    // A file written before the time-zone switch existed has no timeZone: local time, as before.
    timeZone: z.enum(['local', 'utc']).catch('local'),
    // Off unless set: a file from before it existed, or a damaged value, never arms it.
    panicHotkey: z.boolean().catch(false),
    positionNotifications: z.boolean().catch(false),
    layout: layoutFileSchema,
    // Entry by entry: a broken indicator is dropped, the rest of the trader's setup is kept.
    indicators: z.unknown().optional().transform(readIndicatorPrefs),
    // The charts' arrangement whole (a damaged one is the default), the workspaces one by one.
    charts: z.unknown().optional().transform(readArrangement),
    workspaces: z.unknown().optional().transform(readWorkspaces),
    // A file from before the ladder, or a damaged section: the defaults, every hotkey off.
    ladder: ladderPrefsFileSchema,
  }),
})

/** The preferences a valid file holds, each missing one at its default. */
export function preferencesOf(file: z.output<typeof preferencesFileSchema> | null): Preferences {
  return { ...DEFAULT_PREFERENCES, ...file?.prefs }
}

/** A change; a layout patch from an older caller may lack the newer fields; indicators: one chart's. */
export type PreferencesPatch = Omit<Partial<Preferences>, 'layout' | 'indicators'> & { layout?: Partial<LayoutPrefs> | undefined; indicators?: IndicatorPatch | undefined }

export interface PreferenceStore {
  get(): Promise<Preferences>
  set(patch: PreferencesPatch): Promise<Preferences>
}

export function createPreferenceStore(dataDir: string): PreferenceStore {
  const path = join(dataDir, PREFERENCES_FILE)
  let current: Preferences | null = null
  let writing: Promise<void> = Promise.resolve()

  async function get(): Promise<Preferences> {
    if (current) return current
    const read = await readJsonFile(path, preferencesFileSchema, { maxVersion: 1 })
    current = preferencesOf(read.status === 'ok' ? read.value : null)
    return current
  }

  return {
    get,
    async set(patch) {
      const before = await get()
      // A layout patch from an older caller may lack the newer fields: they keep their values.
      const { layout, indicators, workspaces, ...rest } = patch
      const next: Preferences = {
        ...before,
        ...(rest as Partial<Preferences>),
        layout: { ...before.layout, ...layout },
        indicators: indicators ? applyIndicatorPatch(before.indicators, indicators) : before.indicators,
        // each name once (any case), the first kept
        workspaces: workspaces ? readWorkspaces(workspaces) : before.workspaces,
      }
      current = next
      // Writes are chained so a slow disk never reorders two quick changes.
      writing = writing.catch(() => undefined).then(() => writeJsonAtomic(path, { version: 1, prefs: next }))
      await writing
      return next
    },
  }
}
