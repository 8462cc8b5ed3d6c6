// The window's long tasks: kept for the Diagnostics panel (the newest 50) and forwarded to the core in
// batches, never one call per task; a batch the core did not get goes with the next, one it refused is
// said and the window keeps its tasks.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { TerminalError } from '@domain/errors'
import type { LongTaskBatch } from '@domain/diagnostics/diagnostics'
import { setTerminal } from '@/api'
import { fakePerformanceObserver, type FakeObserverClass } from '@/lib/test/fake-performance-observer.test-util'
import { fakeTerminal, type FakeTerminal } from './test/fake-terminal.test-util'
import { FORWARD_MS, useDiagnosticsStore } from './diagnostics'

let Observer: FakeObserverClass
let core: FakeTerminal
const sent = () => core.callsOf('diagnostics.report') as LongTaskBatch[]

beforeEach(() => {
  vi.useFakeTimers()
  Observer = fakePerformanceObserver(['longtask'])
  vi.stubGlobal('PerformanceObserver', Observer)
  setActivePinia(createPinia())
  core = fakeTerminal({ 'diagnostics.report': (batch) => ({ recorded: batch.longTasks.length }) })
  setTerminal(core)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** A long task of `ms` that started `at` ms after the page's start. */
const stall = (at: number, ms: number) => ({ startTime: at, duration: ms })

describe('the window’s long tasks', () => {
  it('are shown newest first and reach the core in one batch, not one call each', async () => {
    const d = useDiagnosticsStore()
    d.start()
    Observer.report(stall(100, 120))
    Observer.report(stall(400, 60), stall(900, 75))
    expect(d.longTasks.map((t) => t.durationMs)).toEqual([75, 60, 120])
    expect(sent()).toEqual([])
    await vi.advanceTimersByTimeAsync(FORWARD_MS)
    expect(sent()).toHaveLength(1)
    expect(sent()[0]).toEqual({
      windowId: d.windowId,
      longTasks: [expect.objectContaining({ durationMs: 120 }), expect.objectContaining({ durationMs: 60 }), expect.objectContaining({ durationMs: 75 })],
    })
    // Nothing new: nothing sent.
    await vi.advanceTimersByTimeAsync(FORWARD_MS * 3)
    expect(sent()).toHaveLength(1)
  })

  it('a window without a long task says it runs, once, so the core tells it from no window', async () => {
    useDiagnosticsStore().start()
    await vi.advanceTimersByTimeAsync(FORWARD_MS * 4)
    expect(sent()).toEqual([{ windowId: useDiagnosticsStore().windowId, longTasks: [] }])
  })

  it('keeps the newest 50', () => {
    const d = useDiagnosticsStore()
    d.start()
    for (let i = 0; i < 60; i++) Observer.report(stall(i * 1000, 50 + i))
    expect(d.longTasks).toHaveLength(50)
    expect(d.longTasks[0]!.durationMs).toBe(109)
  })

  it('a batch the core did not get goes with the next one', async () => {
    core.handlers['diagnostics.report'] = () => {
      throw new TerminalError({ kind: 'network', code: 'NETWORK', message: 'The terminal is not answering' })
    }
    const d = useDiagnosticsStore()
    d.start()
    Observer.report(stall(100, 120))
    await vi.advanceTimersByTimeAsync(FORWARD_MS)
    core.handlers['diagnostics.report'] = (batch) => ({ recorded: batch.longTasks.length })
    Observer.report(stall(500, 90))
    await vi.advanceTimersByTimeAsync(FORWARD_MS)
    expect(sent().map((b) => b.longTasks.map((t) => t.durationMs))).toEqual([[120], [120, 90]])
    expect(d.forwardError).toBeNull()
  })

  it('a batch the core refuses is said, not sent again, and the window keeps its tasks', async () => {
    core.handlers['diagnostics.report'] = () => {
      throw new TerminalError({ kind: 'validation', code: 'INVALID_PAYLOAD', message: 'Invalid input for diagnostics.report: longTasks.0.at — A time in ms since 1970' })
    }
    const d = useDiagnosticsStore()
    d.start()
    Observer.report(stall(100, 120))
    await vi.advanceTimersByTimeAsync(FORWARD_MS * 3)
    expect(sent()).toHaveLength(1)
    expect(d.forwardError).toContain('Invalid input for diagnostics.report: longTasks.0.at')
    expect(d.longTasks.map((t) => t.durationMs)).toEqual([120])
  })

  it('the panel’s read sends what is pending first, then asks the core for the feed and the reconnects', async () => {
    const report = { takenAt: 1, since: 1, windows: [], feedLag: null, reconnects: { count: 0, lastLostAt: null, lastReconnectedAt: null, recent: [] } }
    core.handlers['diagnostics.get'] = () => report
    const d = useDiagnosticsStore()
    d.start()
    Observer.report(stall(100, 120))
    await d.load()
    expect(core.calls.map((c) => c.method)).toEqual(['diagnostics.report', 'diagnostics.get'])
    expect(d.report).toEqual(report)
  })

  it('where the browser reports no long task the store says so', () => {
    vi.stubGlobal('PerformanceObserver', fakePerformanceObserver(['mark']))
    const d = useDiagnosticsStore()
    d.start()
    expect(d.supported).toBe(false)
  })
})
