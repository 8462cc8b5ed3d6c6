// Remembers the main window's size, position and maximised state between launches, and never
// restores a window onto a display that is no longer there.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { writeJsonAtomic } from '../core/storage/atomic-file'

const stateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400).max(20000),
  height: z.number().int().min(300).max(20000),
  maximized: z.boolean(),
})
export type WindowState = z.infer<typeof stateSchema>

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1440, height: 900, maximized: false }

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export function loadWindowState(dataDir: string, displays: Rect[]): WindowState {
  let state: WindowState
  try {
    state = stateSchema.parse(JSON.parse(readFileSync(join(dataDir, 'window-state.json'), 'utf8')))
  } catch {
    return DEFAULT_WINDOW_STATE
  }
  if (state.x === undefined || state.y === undefined) return state
  return onSomeDisplay({ x: state.x, y: state.y }, displays) ? state : { width: state.width, height: state.height, maximized: state.maximized }
}

/** Visible when the title bar's top-left area lies on some display (the main window and every pop-out). */
export function onSomeDisplay({ x, y }: { x: number; y: number }, displays: readonly Rect[]): boolean {
  return displays.some((d) => x >= d.x - 50 && y >= d.y - 10 && x < d.x + d.width - 100 && y < d.y + d.height - 50)
}

export function saveWindowState(dataDir: string, state: WindowState): Promise<void> {
  return writeJsonAtomic(join(dataDir, 'window-state.json'), state)
}
