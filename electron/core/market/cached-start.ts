// The window's first chart from the disk, before anything has started: the remembered chart (the
// preferences' pair and interval) as the market cache holds it for the active profile's exchange.
// The host answers market.cachedStart with this while its core is still loading and starting
// (host/deferred-core.ts), so the window paints it, marked stale, before the exchange's first answer.
//
// It only reads: the preferences and the profiles are the core's files, and a damaged one is left for
// the core to keep aside and report (nothing is painted meanwhile). A damaged cache file is kept aside
// by the cache itself, as the core's own read of it would (market-cache.ts). Whatever is missing or
// wrong answers null, never an error: the cache is a nicety, and the window starts as it would without.
// It says, too, whether the main chart is in a window of its own (popouts.json), so the main window
// does not draw it first only to replace it with its placeholder (docs/popouts.md).
import { join } from 'node:path'
import type { CachedStart } from '../../domain/api/api'
import type { Candle } from '../../domain/wire/wire'
import { peekJsonFile } from '../storage/atomic-file'
import { PREFERENCES_FILE, preferencesFileSchema, preferencesOf } from '../storage/preferences'
import { profilesFileSchema } from '../profiles/profile-records'
import { PROFILES_FILE } from '../profiles/profile-store'
import { profileCacheFiles, profileMarketCache } from './market-cache'
import { POPOUTS_FILE } from '../popouts/popout-store'
import { popoutsFileSchema } from '../../domain/popouts/popouts'

/**
 * A candle as the chart draws it: time, prices and volume. The exchange's other candle fields (quote
 * volume, trade count, taker volumes) are shown nowhere, and were half of the cached start's bytes,
 * which the web host writes into the app page for the browser to parse before the first chart.
 */
export function drawnCandle(c: Candle): Candle {
  return { time: c.time, open: c.open, close: c.close, low: c.low, high: c.high, volume: c.volume }
}

/**
 * The remembered chart of the active profile's exchange from `dataDir`'s cache; null: nothing true to
 * paint. `read` gets the files it read (paths in `dataDir`), whose stamps the kept answer carries
 * (start-file.ts).
 */
export async function readCachedStart(dataDir: string, read: string[] = []): Promise<CachedStart | null> {
  read.push(PREFERENCES_FILE, PROFILES_FILE, POPOUTS_FILE)
  // The pop-outs too, in the same turn: a main chart in a window of its own is not drawn in the main window.
  const [prefsFile, profiles, popouts] = await Promise.all([
    peekJsonFile(join(dataDir, PREFERENCES_FILE), preferencesFileSchema),
    peekJsonFile(join(dataDir, PROFILES_FILE), profilesFileSchema),
    peekJsonFile(join(dataDir, POPOUTS_FILE), popoutsFileSchema),
  ])
  const profile = profiles?.profiles.find((p) => p.id === profiles.activeProfileId)
  // No active profile named on disk: the core's start decides which, if any, and nothing is guessed.
  if (!profile) return null
  const prefs = preferencesOf(prefsFile)
  read.push(...profileCacheFiles(profile, prefs.pair, prefs.interval))
  const cache = profileMarketCache(dataDir, profile)
  const [snapshot, lists] = await Promise.all([cache.load(prefs.pair, prefs.interval), cache.loadLists()])
  if (!snapshot || snapshot.candles.length === 0 || !lists) return null
  // Drawn with the pair's precision and named by its currencies: a pair the list lacks is not drawn.
  if (!lists.pairs.some((p) => p.name === prefs.pair)) return null
  const chartOut = popouts?.popouts.some((p) => p.panel === 'chart' && p.pane === 0) ?? false
  return { profileId: profile.id, snapshot: { ...snapshot, candles: snapshot.candles.map(drawnCandle), stale: true }, pairs: lists.pairs, prefs, ...(chartOut ? { chartOut } : {}) }
}
