import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_WINDOW_STATE, loadWindowState, saveWindowState } from './window-state'

const display = { x: 0, y: 0, width: 1920, height: 1080 }
let dir: string
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('window state', () => {
  it('remembers size, position and maximised state', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ws-'))
    await saveWindowState(dir, { x: 100, y: 80, width: 1300, height: 820, maximized: true })
    expect(loadWindowState(dir, [display])).toEqual({ x: 100, y: 80, width: 1300, height: 820, maximized: true })
  })

  it('keeps the size but not a position on a display that is gone', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ws-'))
    await saveWindowState(dir, { x: 2500, y: 100, width: 1200, height: 800, maximized: false })
    expect(loadWindowState(dir, [display])).toEqual({ width: 1200, height: 800, maximized: false })
  })

  it('falls back to the default for a missing or damaged file', () => {
    dir = mkdtempSync(join(tmpdir(), 'ws-'))
    expect(loadWindowState(dir, [display])).toEqual(DEFAULT_WINDOW_STATE)
    writeFileSync(join(dir, 'window-state.json'), '{"width": "huge"')
    expect(loadWindowState(dir, [display])).toEqual(DEFAULT_WINDOW_STATE)
  })
})
