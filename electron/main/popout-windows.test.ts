// The pop-outs' windows follow the core's list: one window per pop-out, at its remembered place; a
// window the trader closes puts its panel back; quitting, or closing the main window, keeps them for
// the next start. Electron is not run here: the windows are fakes, the core's popouts.* are real.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({}))

import type { BrowserWindow } from 'electron'
import type { MethodName, TerminalCore } from '../domain/api/api'
import { createEventHub } from '../core/events'
import { createPopoutHandlers } from '../core/popouts/terminal-popouts'
import { POPOUT_DEFAULT_SIZE, createPopoutWindows, popoutUrl } from './popout-windows'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

class FakeWindow {
  handlers = new Map<string, Array<() => void>>()
  destroyed = false
  constructor(
    readonly spec: { title: string; bounds: { x?: number; y?: number; width: number; height: number } },
    readonly url: string,
    public normal = { x: 0, y: 0, width: 800, height: 500 },
  ) {}
  on(event: string, fn: () => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn])
  }
  emit(event: string) {
    for (const fn of this.handlers.get(event) ?? []) fn()
  }
  getNormalBounds() {
    return this.normal
  }
  isDestroyed() {
    return this.destroyed
  }
  /** As Electron does: close, then closed. */
  close() {
    this.emit('close')
    this.destroyed = true
    this.emit('closed')
  }
}

function setup(dataDir?: string) {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'popout-windows-'))
  dirs.push(dir)
  const hub = createEventHub()
  const handlers = createPopoutHandlers({ dataDir: dir, hub })
  const pending: Promise<unknown>[] = []
  const core: Pick<TerminalCore, 'call' | 'on'> = {
    call: ((method: MethodName, input: unknown) => {
      const answer = (handlers as Record<string, (i: unknown) => Promise<unknown>>)[method]!(input)
      pending.push(answer)
      return answer
    }) as TerminalCore['call'],
    on: (event, listener) => hub.on(event, listener),
  }
  const made: FakeWindow[] = []
  const state = { quitting: false }
  const windows = createPopoutWindows({
    core,
    appUrl: 'app://terminal/',
    displays: () => [{ x: 0, y: 0, width: 1920, height: 1080 }],
    quitting: () => state.quitting,
    open: (spec, url) => {
      const win = new FakeWindow(spec, url)
      made.push(win)
      return win as unknown as BrowserWindow
    },
  })
  const live = () => made.filter((w) => !w.destroyed)
  /** Every call the windows made so far has been answered (its file written). */
  const settle = async () => {
    while (pending.length) await Promise.allSettled(pending.splice(0))
  }
  return { dir, core, made, live, windows, state, settle }
}

const chart = { panel: 'chart' as const, pane: 0, pair: 'BTC_USDT', interval: '60' as const }

describe('the pop-outs’ windows', () => {
  it('open one window per listed pop-out, at the pop-out route of the app page, and close it when it is brought back', async () => {
    const { core, windows, live } = setup()
    await windows.start()
    expect(live()).toHaveLength(0)
    await core.call('popouts.open', chart)
    expect(live().map((w) => w.url)).toEqual(['app://terminal/?panel=chart&pane=0'])
    expect(live()[0]!.spec).toEqual({ title: 'Chart — Trading Terminal', bounds: POPOUT_DEFAULT_SIZE.chart })
    // showing another pair is not a new window
    await core.call('popouts.open', { ...chart, pair: 'ETH_USDT' })
    expect(live()).toHaveLength(1)
    await core.call('popouts.close', { panel: 'chart', pane: 0 })
    expect(live()).toHaveLength(0)
    expect((await core.call('popouts.list', undefined)).popouts).toEqual([])
  })

  it('closing the window puts the panel back', async () => {
    const { core, windows, live, settle } = setup()
    await windows.start()
    await core.call('popouts.open', chart)
    live()[0]!.close()
    await settle()
    expect((await core.call('popouts.list', undefined)).popouts).toEqual([])
  })

  it('remember where the window stands, and open it there after a restart; off every display, only its size', async () => {
    const first = setup()
    await first.windows.start()
    await first.core.call('popouts.open', chart)
    const win = first.live()[0]!
    win.normal = { x: 300, y: 200, width: 1000, height: 700 }
    win.emit('moved')
    await first.settle()
    // quitting: the window closes, the pop-out stays
    first.state.quitting = true
    win.close()
    await first.settle()
    expect((await first.core.call('popouts.list', undefined)).popouts).toEqual([{ ...chart, bounds: { x: 300, y: 200, width: 1000, height: 700 } }])

    const second = setup(first.dir)
    await second.windows.start()
    expect(second.live().map((w) => w.spec.bounds)).toEqual([{ x: 300, y: 200, width: 1000, height: 700 }])

    // a display that is gone: the window opens at its size where the system puts it
    const moved = second.live()[0]!
    moved.normal = { x: 5000, y: 200, width: 1000, height: 700 }
    second.state.quitting = true
    moved.close()
    await second.settle()
    const third = setup(first.dir)
    await third.windows.start()
    expect(third.live().map((w) => w.spec.bounds)).toEqual([{ width: 1000, height: 700 }])
  })

  it('closing the main window closes them and keeps them listed, so they come back with it', async () => {
    const { core, windows, live, settle } = setup()
    await windows.start()
    await core.call('popouts.open', chart)
    await core.call('popouts.open', { ...chart, panel: 'book' })
    expect(live()).toHaveLength(2)
    windows.closeAll()
    await settle()
    expect(live()).toHaveLength(0)
    expect((await core.call('popouts.list', undefined)).popouts).toHaveLength(2)
    await windows.start()
    expect(live().map((w) => w.url)).toEqual(['app://terminal/?panel=chart&pane=0', 'app://terminal/?panel=book&pane=0'])
  })

  it('the pop-out URL keeps the dev server’s origin and path', () => {
    expect(popoutUrl('http://localhost:5173/', { panel: 'book', pane: 0 })).toBe('http://localhost:5173/?panel=book&pane=0')
  })
})
