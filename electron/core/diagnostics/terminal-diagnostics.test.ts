// The core's record of the stalls, through the contract's gate as a window reaches it (host/dispatch.ts):
// a window's long tasks kept per window session and bounded, a bad batch refused with a clear error
// and nothing already recorded lost, and the file the CLI reads written from it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LONG_TASKS_KEPT, WINDOWS_KEPT, type LongTask } from '../../domain/diagnostics/diagnostics'
import type { TerminalCore } from '../../domain/api/api'
import { createDispatch } from '../../host/dispatch'
import { createDiagnostics, type TerminalDiagnostics } from './terminal-diagnostics'
import { readDiagnosticsFile } from './diagnostics-file'

const T0 = Date.UTC(2026, 0, 31, 12)
const task = (i: number, extra: Partial<LongTask> = {}): LongTask => ({ at: T0 + i * 1000, durationMs: 60 + i, source: 'longtask', running: ['market feed batch'], ...extra })
const dirs: string[] = []
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true })
})

function setUp(writeEveryMs: number | null = null): { diagnostics: TerminalDiagnostics; send: (method: string, input: unknown) => Promise<unknown>; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'diagnostics-'))
  dirs.push(dir)
  const diagnostics = createDiagnostics({ dataDir: dir, host: 'web', now: () => T0 + 60_000, writeEveryMs })
  const handlers = diagnostics.handlers as Record<string, (input: unknown) => Promise<unknown>>
  const core = { call: (method: string, input: unknown) => handlers[method]!(input) } as unknown as Pick<TerminalCore, 'call'>
  return { diagnostics, send: createDispatch(core), dir }
}

const longTasksOf = async (d: TerminalDiagnostics, windowId: string) => (await d.handlers['diagnostics.get'](undefined)).windows.find((w) => w.windowId === windowId)?.longTasks

describe('diagnostics.report and diagnostics.get', () => {
  it('keeps each window session’s long tasks, newest first, each once however often it is sent', async () => {
    const { diagnostics, send } = setUp()
    expect(await send('diagnostics.report', { windowId: 'window-aaaa', longTasks: [task(1), task(2)] })).toEqual({ ok: true, value: { recorded: 2 } })
    // A batch the window sends again (its answer was lost) adds only what is new.
    expect(await send('diagnostics.report', { windowId: 'window-aaaa', longTasks: [task(2), task(3)] })).toEqual({ ok: true, value: { recorded: 1 } })
    await send('diagnostics.report', { windowId: 'window-bbbb', longTasks: [task(9, { source: 'long-animation-frame', running: ['chart paint', 'FrameRequestCallback (index.js)'] })] })
    const report = await diagnostics.handlers['diagnostics.get'](undefined)
    expect(report.windows.map((w) => w.windowId)).toEqual(['window-bbbb', 'window-aaaa'])
    expect(report.windows[1]!.longTasks.map((t) => t.durationMs)).toEqual([63, 62, 61])
    expect(report.windows[0]!.longTasks[0]).toEqual({ at: T0 + 9000, durationMs: 69, source: 'long-animation-frame', running: ['chart paint', 'FrameRequestCallback (index.js)'] })
    // No window measured a feed: nothing is made up.
    expect(report.feedLag).toBeNull()
    expect(report.reconnects).toEqual({ count: 0, lastLostAt: null, lastReconnectedAt: null, recent: [] })
  })

  it('knows a window that had no long task from no window at all', async () => {
    const { diagnostics, send } = setUp()
    expect((await diagnostics.handlers['diagnostics.get'](undefined)).windows).toEqual([])
    expect(await send('diagnostics.report', { windowId: 'window-calm', longTasks: [] })).toEqual({ ok: true, value: { recorded: 0 } })
    expect((await diagnostics.handlers['diagnostics.get'](undefined)).windows).toEqual([{ windowId: 'window-calm', firstReportAt: T0 + 60_000, lastReportAt: T0 + 60_000, longTasks: [] }])
  })

  it('keeps the newest long tasks of a window and the windows heard from last', async () => {
    const { diagnostics, send } = setUp()
    for (let batch = 0; batch < 3; batch++) {
      await send('diagnostics.report', { windowId: 'window-many', longTasks: Array.from({ length: LONG_TASKS_KEPT }, (_, i) => task(batch * LONG_TASKS_KEPT + i)) })
    }
    const kept = (await longTasksOf(diagnostics, 'window-many'))!
    expect(kept).toHaveLength(LONG_TASKS_KEPT)
    expect(kept[0]!.at).toBe(task(3 * LONG_TASKS_KEPT - 1).at)
    for (let w = 0; w < WINDOWS_KEPT; w++) await send('diagnostics.report', { windowId: `window-${w}000`, longTasks: [task(w)] })
    const windows = (await diagnostics.handlers['diagnostics.get'](undefined)).windows
    expect(windows).toHaveLength(WINDOWS_KEPT)
    expect(windows.map((w) => w.windowId)).not.toContain('window-many')
  })

  it.each([
    ['a duration that is not finite', { windowId: 'window-aaaa', longTasks: [task(1, { durationMs: Number.POSITIVE_INFINITY })] }, 'longTasks.0.durationMs'],
    ['a time that is not a clock reading', { windowId: 'window-aaaa', longTasks: [task(1, { at: 12 })] }, 'longTasks.0.at'],
    ['a name of what ran that is too long', { windowId: 'window-aaaa', longTasks: [task(1, { running: ['x'.repeat(10_000)] })] }, 'longTasks.0.running.0'],
    ['a name with control characters', { windowId: 'window-aaaa', longTasks: [task(1, { running: ['\u001b[31mred'] })] }, 'longTasks.0.running.0'],
    ['too many names', { windowId: 'window-aaaa', longTasks: [task(1, { running: Array.from({ length: 6 }, () => 'x') })] }, 'longTasks.0.running'],
    ['too many tasks', { windowId: 'window-aaaa', longTasks: Array.from({ length: LONG_TASKS_KEPT + 1 }, (_, i) => task(i)) }, 'longTasks'],
    ['a key the contract does not name', { windowId: 'window-aaaa', longTasks: [{ ...task(1), secret: 'x' }] }, 'longTasks.0'],
    ['a window id that is not one', { windowId: '../../etc', longTasks: [task(1)] }, 'windowId'],
    ['no list of tasks', { windowId: 'window-aaaa' }, 'longTasks'],
  ])('refuses %s with a clear error, and loses nothing already recorded', async (_what, input, field) => {
    const { diagnostics, send } = setUp()
    await send('diagnostics.report', { windowId: 'window-aaaa', longTasks: [task(0)] })
    const answer = (await send('diagnostics.report', input)) as { ok: false; error: { code: string; field?: string; message: string } }
    expect(answer).toMatchObject({ ok: false, error: { kind: 'validation', code: 'INVALID_PAYLOAD' } })
    expect(answer.error.message).toContain(`Invalid input for diagnostics.report: ${field}`)
    expect(answer.error.message.length).toBeLessThan(400)
    expect(await longTasksOf(diagnostics, 'window-aaaa')).toEqual([task(0)])
  })

  it('writes the report to the diagnostics file once something was recorded, throttled, and at its end', async () => {
    const { diagnostics, send, dir } = setUp(60_000)
    expect((await readDiagnosticsFile(dir)).status).toBe('missing')
    await send('diagnostics.report', { windowId: 'window-aaaa', longTasks: [task(1)] })
    // Throttled: nothing yet; the core's end writes what is pending.
    expect((await readDiagnosticsFile(dir)).status).toBe('missing')
    await diagnostics.dispose()
    const read = await readDiagnosticsFile(dir)
    expect(read).toMatchObject({ status: 'ok', file: { version: 1, host: 'web', report: { windows: [{ windowId: 'window-aaaa', longTasks: [task(1)] }] } } })
    expect(readFileSync(join(dir, 'diagnostics.json'), 'utf8').length).toBeLessThan(2_000)
  })
})
