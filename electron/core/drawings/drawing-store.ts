// Every profile's drawings in <dataDir>/drawings.json. A drawing belongs to one profile (one exchange)
// and one pair. Read once and validated (a damaged file is moved aside and reported, never silently
// dropped or overwritten), written atomically and in order. Every drawing is checked against the
// domain's schema before it is kept, whoever sends it.
import { join } from 'node:path'
import { z } from 'zod'
import { TerminalError } from '../../domain/errors'
import { MAX_DRAWINGS_PER_PAIR, drawingProblem, drawingSchema, storedDrawingSchema, type Drawing, type StoredDrawing } from '../../domain/drawings/drawings'
import { readJsonFile, writeJsonAtomic } from '../storage/atomic-file'

export const DRAWINGS_FILE = 'drawings.json'
export const drawingsFileSchema = z.object({ version: z.literal(1), drawings: z.array(storedDrawingSchema) })

export interface DrawingStore {
  /** The profile's drawings on a pair, oldest first. */
  list(profileId: string, pair: string): Promise<Drawing[]>
  /** The profile's drawing by its id, or null. */
  get(profileId: string, id: string): Promise<Drawing | null>
  /** Adds or replaces (by id) a drawing; refuses a bad one with its problem in words, keeping nothing. */
  save(profileId: string, drawing: unknown): Promise<Drawing>
  /** Removes a drawing; refuses an id the profile has not. */
  remove(profileId: string, id: string): Promise<Drawing>
  /** A warning when the file was damaged and set aside on load; null otherwise. */
  loadWarning(): Promise<string | null>
}

const invalid = (code: string, message: string, field?: string) => new TerminalError({ kind: 'validation', code, message, ...(field ? { field } : {}) })

export function createDrawingStore(dataDir: string, now: () => number = Date.now): DrawingStore {
  const path = join(dataDir, DRAWINGS_FILE)
  let stored: StoredDrawing[] | null = null
  let warning: string | null = null
  let writing: Promise<void> = Promise.resolve()

  async function load(): Promise<StoredDrawing[]> {
    if (stored) return stored
    const read = await readJsonFile(path, drawingsFileSchema, { maxVersion: 1 })
    if (read.status === 'corrupt') warning = `The drawings file was damaged (${read.reason}) and was set aside${read.backupPath ? ` as ${read.backupPath}` : ''}; the charts start without drawings.`
    stored ??= read.status === 'ok' ? read.value.drawings : []
    return stored
  }

  function save(): Promise<void> {
    const snapshot = { version: 1 as const, drawings: stored }
    writing = writing.catch(() => undefined).then(() => writeJsonAtomic(path, snapshot))
    return writing
  }

  const find = (list: StoredDrawing[], profileId: string, id: string) => list.findIndex((s) => s.profileId === profileId && s.drawing.id === id)

  return {
    async list(profileId, pair) {
      return (await load()).filter((s) => s.profileId === profileId && s.drawing.pair === pair).map((s) => structuredClone(s.drawing))
    },
    async get(profileId, id) {
      const list = await load()
      const at = find(list, profileId, id)
      return at === -1 ? null : structuredClone(list[at]!.drawing)
    },
    async save(profileId, input) {
      const parsed = drawingSchema.safeParse(input)
      if (!parsed.success) throw invalid('INVALID_DRAWING', `The drawing is not valid: ${drawingProblem(input)}; nothing was saved.`)
      const drawing = parsed.data
      const list = await load()
      const at = find(list, profileId, drawing.id)
      const before = at === -1 ? null : list[at]!.drawing
      if (before && (before.kind !== drawing.kind || before.pair !== drawing.pair)) {
        throw invalid('DRAWING_CHANGED_KIND', `Drawing ${drawing.id} is a ${before.kind} on ${before.pair}: a drawing keeps its kind and pair (save a new one instead); nothing was saved.`)
      }
      if (!before && list.filter((s) => s.profileId === profileId && s.drawing.pair === drawing.pair).length >= MAX_DRAWINGS_PER_PAIR) {
        throw invalid('TOO_MANY_DRAWINGS', `${drawing.pair.replace('_', '/')} already has ${MAX_DRAWINGS_PER_PAIR} drawings, the most one pair keeps; delete some first. Nothing was saved.`)
      }
      const entry: StoredDrawing = { profileId, savedAt: now(), drawing }
      const previous = stored!.slice()
      if (at === -1) list.push(entry)
      else list[at] = entry
      try {
        await save()
      } catch (error) {
        stored = previous // what is kept is what is on disk
        throw error
      }
      return structuredClone(drawing)
    },
    async remove(profileId, id) {
      const list = await load()
      const at = find(list, profileId, id)
      if (at === -1) throw invalid('UNKNOWN_DRAWING', 'There is no such drawing on this profile; nothing was deleted.', 'id')
      const previous = list.slice()
      const [gone] = list.splice(at, 1)
      try {
        await save()
      } catch (error) {
        stored = previous
        throw error
      }
      return gone!.drawing
    },
    async loadWarning() {
      await load()
      return warning
    },
  }
}
