// The window's long tasks as the browser reports them, named by what the window was doing (its
// activities) and, in a long animation frame, by the scripts that ran.
import { beforeEach, describe, expect, it } from 'vitest'
import type { LongTask } from '@domain/diagnostics/diagnostics'
import { activitiesDuring, resetActivities, withActivity } from './activity'
import { recordStalls, runningOf } from './stall-recorder'
import { fakePerformanceObserver } from './test/fake-performance-observer.test-util'

const ORIGIN = Date.UTC(2026, 0, 31, 12)
let t = 0
beforeEach(() => {
  t = 1000
  resetActivities(() => t)
})

/** An activity that ran from `from` to `to` (the clock of performance.now()). */
function ran(label: string, from: number, to: number): void {
  t = from
  withActivity(label, () => void (t = to))
}

describe('long tasks', () => {
  it('where Chromium has long animation frames, records those: the window’s activities first, then the scripts that held the frame', () => {
    const Observer = fakePerformanceObserver(['longtask', 'long-animation-frame', 'event'])
    const tasks: LongTask[] = []
    const stop = recordStalls({ record: (task) => tasks.push(task), Observer, timeOrigin: ORIGIN })
    expect(Observer.observed).toEqual([{ type: 'long-animation-frame', buffered: true }])
    ran('market feed batch', 2000, 2010)
    ran('chart paint', 2010, 2090)
    ran('account snapshot', 5000, 5001) // long after: not in this frame
    Observer.report({
      startTime: 1995.4,
      duration: 120.6,
      scripts: [
        { invoker: 'FrameRequestCallback', sourceURL: 'http://127.0.0.1:5173/assets/index-3f2a.js?code=one-time#x', sourceFunctionName: 'run', duration: 90 },
        { invoker: 'TimerHandler:setTimeout', sourceURL: '', duration: 2 }, // too short to matter
        { invoker: 'Response.json.then', sourceURL: 'http://127.0.0.1:5173/assets/api.js', duration: 20 },
        // a script's own evaluation is invoked by its URL: the page's for an inline one
        { invoker: 'http://127.0.0.1:5173/?code=one-time', sourceURL: 'http://127.0.0.1:5173/?code=one-time', duration: 8 },
      ],
    })
    expect(tasks).toEqual([
      {
        at: ORIGIN + 1995,
        durationMs: 121,
        source: 'long-animation-frame',
        running: ['chart paint', 'market feed batch', 'FrameRequestCallback (run @ index-3f2a.js)', 'Response.json.then (api.js)', 'page'],
      },
    ])
    // No URL's query (a one-time code) or path goes anywhere.
    expect(JSON.stringify(tasks)).not.toContain('code=')
    const moduleScript = 'http://127.0.0.1:5173/assets/Table-9c.js'
    expect(runningOf({ startTime: 9000, duration: 60, scripts: [{ invoker: moduleScript, sourceURL: moduleScript, duration: 50 }] })).toEqual(['Table-9c.js'])
    stop!()
    Observer.report({ startTime: 3000, duration: 60 })
    expect(tasks).toHaveLength(1)
  })

  it('elsewhere the Long Tasks API, named by the activities alone; nothing known is an empty list', () => {
    const Observer = fakePerformanceObserver(['longtask', 'mark'])
    const tasks: LongTask[] = []
    recordStalls({ record: (task) => tasks.push(task), Observer, timeOrigin: ORIGIN })
    expect(Observer.observed).toEqual([{ type: 'longtask', buffered: true }])
    ran('tab: history', 2000, 2001)
    Observer.report({ startTime: 1990, duration: 80 }, { startTime: 4000, duration: 55 })
    expect(tasks).toEqual([
      { at: ORIGIN + 1990, durationMs: 80, source: 'longtask', running: ['tab: history'] },
      { at: ORIGIN + 4000, durationMs: 55, source: 'longtask', running: [] },
    ])
  })

  it('keeps a name of what ran short, printable and one line, and at most five of them', () => {
    const Observer = fakePerformanceObserver(['long-animation-frame'])
    const tasks: LongTask[] = []
    recordStalls({ record: (task) => tasks.push(task), Observer, timeOrigin: ORIGIN })
    const scripts = Array.from({ length: 8 }, (_, i) => ({ invoker: `handler ${i}\n\u001b[31m${'x'.repeat(300)}`, duration: 50 - i }))
    Observer.report({ startTime: 2000, duration: 400, scripts })
    const running = tasks[0]!.running
    expect(running).toHaveLength(5)
    for (const name of running) {
      expect(name.length).toBeLessThanOrEqual(120)
      expect(name).not.toMatch(/\p{Cc}/u)
    }
    expect(running[0]).toMatch(/^handler 0 \[31mxxx.*…$/)
  })

  it('where the browser reports no long task, says so (null) rather than recording nothing silently', () => {
    expect(recordStalls({ record: () => undefined, Observer: fakePerformanceObserver(['mark', 'measure']) })).toBeNull()
  })
})

describe('activities', () => {
  it('are named by the time each spent inside the task, once each, and kept when the work throws', () => {
    ran('book', 100, 105)
    ran('chart paint', 105, 160)
    ran('book', 160, 170)
    t = 170
    expect(() =>
      withActivity(
        'account snapshot',
        () => (
          (t = 175),
          (() => {
            throw new Error('bad')
          })()
        ),
      ),
    ).toThrow('bad')
    expect(activitiesDuring(100, 180)).toEqual(['chart paint', 'book', 'account snapshot'])
    expect(activitiesDuring(300, 400)).toEqual([])
  })
})
