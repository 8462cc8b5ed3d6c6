// The pop-outs (panels in windows of their own) in <dataDir>/popouts.json, so they come back after a
// restart. Read once and validated: a damaged file is set aside beside it and reported (the windows
// then start without pop-outs, every panel in the main window), never fatal. Written atomically and
// in order. Not per profile: a window's arrangement is the trader's, like the layout preference; what
// a pop-out shows is the active profile session's, as in the main window.
import { join } from 'node:path'
import { type Popout, type PopoutBounds, type PopoutPlace, popoutsFileSchema, withPopout, withoutPopout } from '../../domain/popouts/popouts'
import { readJsonFile, writeJsonAtomic } from '../storage/atomic-file'

export const POPOUTS_FILE = 'popouts.json'

export interface PopoutStore {
  list(): Promise<Popout[]>
  /** Adds the pop-out of its panel and pane, or replaces what it shows (its bounds kept unless given). */
  open(popout: Omit<Popout, 'bounds'> & { bounds?: PopoutBounds | null | undefined; follow?: true | undefined }): Promise<Popout[]>
  /** Forgets the pop-out: its panel is back in the main window. */
  close(place: PopoutPlace): Promise<Popout[]>
  /** Where its window stands now; a pop-out not kept is left alone (its window closed meanwhile). */
  place(place: PopoutPlace, bounds: PopoutBounds): Promise<Popout[]>
  /** A warning when the file was damaged and set aside on load; null otherwise. */
  loadWarning(): Promise<string | null>
}

export function createPopoutStore(dataDir: string): PopoutStore {
  const path = join(dataDir, POPOUTS_FILE)
  let kept: Popout[] | null = null
  let warning: string | null = null
  let writing: Promise<void> = Promise.resolve()

  async function load(): Promise<Popout[]> {
    if (kept) return kept
    const read = await readJsonFile(path, popoutsFileSchema, { maxVersion: 1 })
    if (read.status === 'corrupt') {
      warning = `The pop-out windows file was damaged (${read.reason}) and was set aside${read.backupPath ? ` as ${read.backupPath}` : ''}; every panel is in the main window.`
    }
    kept ??= read.status === 'ok' ? read.value.popouts : []
    return kept
  }

  /** Keeps `next` once it is on disk; a failed write keeps what the disk has, and says why. */
  async function keep(next: Popout[]): Promise<Popout[]> {
    const write = writing.catch(() => undefined).then(() => writeJsonAtomic(path, { version: 1, popouts: next }))
    writing = write
    await write
    kept = next
    return structuredClone(next)
  }

  return {
    async list() {
      return structuredClone(await load())
    },
    async open(popout) {
      const list = await load()
      const before = list.find((p) => p.panel === popout.panel && p.pane === popout.pane)
      if (popout.follow && !before) return structuredClone(list)
      const next: Popout = { panel: popout.panel, pane: popout.pane, pair: popout.pair, interval: popout.interval, bounds: popout.bounds ?? before?.bounds ?? null }
      return keep(withPopout(list, next))
    },
    async close(place) {
      const list = await load()
      if (!list.some((p) => p.panel === place.panel && p.pane === place.pane)) return structuredClone(list)
      return keep(withoutPopout(list, place))
    },
    async place(place, bounds) {
      const list = await load()
      const before = list.find((p) => p.panel === place.panel && p.pane === place.pane)
      if (!before) return structuredClone(list)
      return keep(withPopout(list, { ...before, bounds }))
    },
    async loadWarning() {
      await load()
      return warning
    },
  }
}
