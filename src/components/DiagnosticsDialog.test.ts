// @vitest-environment happy-dom
// The Diagnostics panel as the trader reads it: the window's long tasks as a table (when, how long,
// what was running), the feed's lag and its reconnects from the core; what was not measured in words.
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type { DiagnosticsReport } from '@domain/diagnostics/diagnostics'
import { setTerminal } from '@/api'
import { fakeTerminal } from '@/stores/test/fake-terminal.test-util'
import { useDiagnosticsStore } from '@/stores/diagnostics'
import { fakePerformanceObserver } from '@/lib/test/fake-performance-observer.test-util'
import { $ } from '@/lib/test/body-dom.test-util'
import DiagnosticsDialog from './DiagnosticsDialog.vue'

const T0 = Date.UTC(2026, 0, 31, 12)
const calm: DiagnosticsReport = { takenAt: T0, since: T0, windows: [], feedLag: null, reconnects: { count: 0, lastLostAt: null, lastReconnectedAt: null, recent: [] } }
let wrapper: VueWrapper | null = null

beforeEach(() => setActivePinia(createPinia()))
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
})

async function open(report: DiagnosticsReport, supported: string[]): Promise<void> {
  const Observer = fakePerformanceObserver(supported)
  vi.stubGlobal('PerformanceObserver', Observer)
  setTerminal(fakeTerminal({ 'diagnostics.get': () => report, 'diagnostics.report': () => ({ recorded: 0 }) }))
  useDiagnosticsStore().start()
  Observer.report({ startTime: 100, duration: 121.4 }, { startTime: 900, duration: 64 })
  wrapper = mount(DiagnosticsDialog, { props: { show: true }, attachTo: document.body })
  await flushPromises()
}

const rows = () => [...document.body.querySelectorAll('[data-testid="longtask-row"]')].map((r) => [...r.querySelectorAll('td')].slice(1).map((c) => c.textContent?.trim()))

it('lists the long tasks newest first with their duration, and the feed’s lag and reconnects', async () => {
  await open(
    {
      ...calm,
      feedLag: { frames: 15, p50Ms: 25, maxMs: 400, clockCorrected: false, lastFrameAt: T0 },
      reconnects: {
        count: 1,
        lastLostAt: T0 - 5000,
        lastReconnectedAt: T0 - 2000,
        recent: [
          { at: T0 - 2000, kind: 'reconnected', reason: null },
          { at: T0 - 5000, kind: 'lost', reason: 'connection closed (1006)' },
        ],
      },
    },
    ['longtask'],
  )
  expect($('diagnostics-panel')).not.toBeNull()
  expect(rows()).toEqual([
    ['64 ms', 'not known'],
    ['121 ms', 'not known'],
  ])
  expect(document.body.querySelector('table th[scope="col"]')?.textContent).toBe('Time')
  expect($('feed-lag')?.textContent).toMatch(
    /Frames arrive 25 ms after the exchange's time \(median\), at worst 400 ms, over the last\s+minute's 15 frames; any difference between the exchange's clock/,
  )
  expect($('feed-reconnects')?.textContent).toContain('Reconnected 1 time;')
  expect($('diagnostics-panel')?.textContent).toContain('lost: connection closed (1006)')
})

it('says what was not measured rather than showing empty figures', async () => {
  await open(calm, ['mark'])
  expect(rows()).toEqual([])
  expect($('diagnostics-panel')?.textContent).toContain('This browser does not report long tasks.')
  expect($('feed-lag')?.textContent).toContain('No live-feed frame in the last minute: no lag to measure.')
  expect($('feed-reconnects')?.textContent).toContain('Never lost since the terminal started.')
})
