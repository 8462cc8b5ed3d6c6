// @vitest-environment happy-dom
// The first chart over the cached frame (boot.ts drew the disk's chart on a plain canvas): while that
// frame is on screen the exchange's answers are waited for, until the hold boot.ts gives ends. In by
// then, the live chart is drawn at once, and the cached chart is never drawn by ECharts: one paint,
// live candles, no mark. Otherwise (the hold ends first, another profile, a failed answer) the cached
// chart is drawn and follows the answers as it always did.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { deferred, sessionState } from '@/stores/test/fake-terminal.test-util'
import { fakeCanvas } from './test/fake-canvas.test-util'
import { CACHED, LIVE, answersWith, frame, mark, settle } from './test/first-answers.test-util'

const fake = await vi.hoisted(async () => (await import('./test/fake-echarts.test-util')).fakeEcharts())
vi.mock('echarts/core', async (importOriginal) => ({ ...(await importOriginal<object>()), init: fake.init, use: () => undefined }))
vi.mock('echarts/renderers', () => ({ CanvasRenderer: {} }))

const { drawFirstChart, firstChartFollowed } = await import('./first-chart')
const { dropFirstChart, takeFirstChart } = await import('./first-chart-handoff')
const { drawCachedFrame } = await import('./cached-frame-view')

type Option = { series: { id: string; data: unknown[] }[] }
/** How many candles each of ECharts' paints drew, in order. */
const counts = () => fake.state.options.map(({ option }) => (option as unknown as Option).series.find((s) => s.id === 'candles')?.data.length ?? 0)
/** What each paint drew: the cached chart (30 candles, a day old) or the live one (120). */
const paints = () => counts().map((n) => (n > 100 ? 'live' : n > 0 ? 'cached' : 'none'))

let canvas: ReturnType<typeof fakeCanvas>
beforeEach(() => {
  fake.reset()
  canvas = fakeCanvas()
})
afterEach(() => {
  canvas.restore()
  dropFirstChart()
  document.body.replaceChildren()
  delete document.documentElement.dataset.theme
})

describe('drawFirstChart over the cached frame', () => {
  it('draws the live chart at once when its answers come within the hold: ECharts never draws the cached one', async () => {
    expect(drawCachedFrame(CACHED)).toBe(true)
    const cachedFrame = frame()
    const { answers, live } = answersWith(CACHED)
    const hold = deferred<void>()
    const drawn = drawFirstChart(answers, undefined, hold.promise)
    await settle()
    // Held: the plain canvas still shows the cached chart, marked.
    expect(paints()).toEqual([])
    expect(mark()).not.toBeNull()
    live.resolve(LIVE)
    expect(await drawn).toBe(true)
    // One paint, of the live chart.
    expect(paints()).toEqual(['live'])
    expect(mark()).toBeNull()
    // In the same frame, its plain canvas gone, and nothing left to follow (the window mounts at once).
    expect(frame()).toBe(cachedFrame)
    expect(frame()?.querySelector(':scope > canvas')).toBeNull()
    expect(await firstChartFollowed()).toBe(false)
    expect(takeFirstChart('BTC_USDT|60', document.createElement('div'))?.candles).toBe(120)
  })

  it('draws the cached chart, marked, when the hold ends first, and repaints it live when the answers come', async () => {
    drawCachedFrame(CACHED)
    const { answers, live } = answersWith(CACHED)
    const hold = deferred<void>()
    const drawn = drawFirstChart(answers, undefined, hold.promise)
    hold.resolve()
    expect(await drawn).toBe(true)
    expect(paints()).toEqual(['cached'])
    expect(mark()).not.toBeNull()
    live.resolve(LIVE)
    await settle()
    expect(paints().at(-1)).toBe('live')
    expect(mark()).toBeNull()
  })

  it('never draws another profile’s live chart over the cache: the cached chart goes, as when it follows', async () => {
    drawCachedFrame(CACHED)
    const { answers, live } = answersWith(CACHED, sessionState({ profile: { ...sessionState().profile!, id: 'p2' } }))
    const drawn = drawFirstChart(answers, undefined, deferred<void>().promise)
    live.resolve(LIVE)
    await drawn
    await settle()
    expect(paints()).not.toContain('live')
    expect(frame()).toBeNull()
  })

  it('keeps the cached chart, marked, when the exchange fails within the hold', async () => {
    drawCachedFrame(CACHED)
    const { answers, live } = answersWith(CACHED)
    const drawn = drawFirstChart(answers, undefined, deferred<void>().promise)
    live.reject(new Error('unreachable'))
    expect(await drawn).toBe(true)
    expect(paints()).toEqual(['cached'])
    expect(mark()).not.toBeNull()
  })

  it('does not wait when no cached frame is on screen (the page drew none): the cached chart is drawn at once', async () => {
    const { answers } = answersWith(CACHED)
    expect(await drawFirstChart(answers, undefined, deferred<void>().promise)).toBe(true)
    expect(paints()).toEqual(['cached'])
    expect(mark()).not.toBeNull()
  })
})
