// The drawings.* handlers: the active profile's drawings on a pair, saved and deleted. Every drawing
// is checked by the store against the domain's schema; a pair the exchange does not list is refused
// when the pair list can be read (offline, the drawing is kept: it is the trader's work, and the
// pair was listed when the chart showed it). Deleting a drawing cancels the alerts that follow it.
import type { HandlersOf } from '../handlers'
import type { Alert, LineAlertDraft } from '../../domain/alerts/alerts'
import type { Drawing } from '../../domain/drawings/drawings'
import { TerminalError } from '../../domain/errors'
import type { Pair } from '../../domain/wire/wire'
import type { Logger } from '../storage/logger'
import { createDrawingStore, type DrawingStore } from './drawing-store'

export type DrawingMethod = 'drawings.list' | 'drawings.save' | 'drawings.delete'

export interface DrawingsDeps {
  /** The active profile's id, or null when none is active. */
  activeProfileId: () => string | null
  dataDir: string
  now: () => number
  /** The active exchange's pairs: a drawing's pair is checked against them. */
  pairs: () => Promise<readonly Pair[]>
  /** Cancels the alerts that follow a deleted drawing; how many it cancelled. */
  cancelFollowers: (profileId: string, drawingId: string) => Promise<Alert[]>
  /** A profile's drawings on `pair` changed: the windows' charts on it read them again. */
  changed?: (profileId: string, pair: string) => void
  logger?: Logger | undefined
  store?: DrawingStore
}

const noProfile = () => new TerminalError({ kind: 'not-found', code: 'NO_PROFILE', message: 'No exchange profile is active. Add or activate one.' })

export function createDrawingHandlers(deps: DrawingsDeps): { handlers: HandlersOf<DrawingMethod>; store: DrawingStore } {
  const store = deps.store ?? createDrawingStore(deps.dataDir, deps.now)

  function profileId(): string {
    const id = deps.activeProfileId()
    if (!id) throw noProfile()
    return id
  }

  async function checkPair(drawing: Drawing): Promise<void> {
    let pairs: readonly Pair[]
    try {
      pairs = await deps.pairs()
    } catch (error) {
      deps.logger?.warn('drawing saved without checking its pair', { error: String(error) })
      return
    }
    if (!pairs.some((p) => p.name.toUpperCase() === drawing.pair)) {
      throw new TerminalError({ kind: 'validation', code: 'UNKNOWN_PAIR', field: 'pair', message: `${drawing.pair.replace('_', '/')} is not a pair of this exchange; nothing was saved.` })
    }
  }

  return {
    store,
    handlers: {
      async 'drawings.list'({ pair }) {
        const id = profileId()
        return { pair, drawings: await store.list(id, pair), warning: await store.loadWarning() }
      },
      async 'drawings.save'(drawing) {
        const id = profileId()
        await checkPair(drawing)
        const saved = await store.save(id, drawing)
        deps.changed?.(id, saved.pair)
        return saved
      },
      async 'drawings.delete'({ id: drawingId }) {
        const id = profileId()
        const deleted = await store.remove(id, drawingId)
        deps.changed?.(id, deleted.pair)
        const followers = await deps.cancelFollowers(id, drawingId)
        // As they were asked for, so that an undo of the delete can ask for them again.
        const cancelled = followers.map((a): LineAlertDraft => ({ kind: 'line', pair: a.pair, drawingId, ...(a.note ? { note: a.note } : {}), sound: a.sound }))
        return { deleted, cancelledAlerts: followers.length, cancelled }
      },
    },
  }
}
