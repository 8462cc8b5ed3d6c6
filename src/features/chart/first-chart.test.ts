// @vitest-environment happy-dom
// The window's first chart: drawn from the start's first answers where the window's chart will be,
// only when it is true and will stay put, and handed to the window's chart or removed. From the disk's
// cache: drawn before the exchange has answered, marked stale in words, repainted live (the mark gone)
// when the exchange's snapshot comes, and never another profile's.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CachedStart, MethodResults } from '@domain/api/api'
import type { FirstAnswers } from '@/api/first-calls'
import { BTC_USDT, PREFS } from '@/stores/test/market-fixtures.test-util'
import { deferred, sessionState } from '@/stores/test/fake-terminal.test-util'
import { fakeCanvas } from './test/fake-canvas.test-util'
import { CACHED, LIVE, type Start, answersWith, frame, mark, settle } from './test/first-answers.test-util'

const fake = await vi.hoisted(async () => (await import('./test/fake-echarts.test-util')).fakeEcharts())
vi.mock('echarts/core', async (importOriginal) => ({ ...(await importOriginal<object>()), init: fake.init, use: () => undefined }))
vi.mock('echarts/renderers', () => ({ CanvasRenderer: {} }))

const { drawFirstChart, firstChartFollowed } = await import('./first-chart')
const { dropFirstChart, mainChartSaidOut, takeFirstChart } = await import('./first-chart-handoff')
const { drawCachedFrame } = await import('./cached-frame-view')

function answersOf(over: { start?: Start | null; pairs?: MethodResults['market.pairs']; prefs?: MethodResults['prefs.get']; session?: MethodResults['session.get'] } = {}): FirstAnswers {
  const values: Record<string, unknown> = {
    'market.start': over.start === undefined ? LIVE : over.start,
    'market.pairs': over.pairs ?? [BTC_USDT],
    'prefs.get': over.prefs ?? PREFS,
    'session.get': over.session ?? sessionState(),
  }
  return { answer: (method) => Promise.resolve(values[method] as never) }
}

type Option = { series: { id: string; data: unknown[] }[] }
const candlesDrawn = () => (fake.state.options.at(-1)?.option as unknown as Option | undefined)?.series.find((s) => s.id === 'candles')?.data.length ?? 0

beforeEach(() => fake.reset())
afterEach(() => {
  dropFirstChart()
  document.body.replaceChildren()
  delete document.documentElement.dataset.theme
})

describe('drawFirstChart', () => {
  it('draws the remembered chart from the first answers, named, in the theme the window will have', async () => {
    expect(await drawFirstChart(answersOf({ prefs: { ...PREFS, theme: 'light' } }))).toBe(true)
    expect(frame()?.getAttribute('role')).toBe('img')
    expect(frame()?.getAttribute('aria-label')).toBe('BTC/USDT candles, 1h')
    expect(document.documentElement.dataset.theme).toBe('light')
    // One whole option, with the candles (the newest is the live layer's).
    expect(fake.state.options).toHaveLength(1)
    expect(fake.state.options[0]!.opts).toEqual({ notMerge: true })
    expect(candlesDrawn()).toBeGreaterThan(0)
  })

  it('hands the chart to the window chart that shows the same series, moving it into that chart', async () => {
    await drawFirstChart(answersOf())
    const host = document.createElement('div')
    const first = takeFirstChart('BTC_USDT|60', host)
    expect(first?.candles).toBe(120)
    expect(host.firstElementChild).toBe(first?.element)
    // The frame it stood in is gone; the instance is the window's now, not disposed.
    expect(frame()).toBeNull()
    expect(fake.state.disposed).toBe(false)
    // Taken once.
    expect(takeFirstChart('BTC_USDT|60', document.createElement('div'))).toBeNull()
  })

  it('is removed, not handed over, when the window shows another chart, or the window is up without taking it', async () => {
    await drawFirstChart(answersOf())
    expect(takeFirstChart('ETH_USDT|60', document.createElement('div'))).toBeNull()
    expect(frame()).toBeNull()
    expect(fake.state.disposed).toBe(true)

    fake.reset()
    await drawFirstChart(answersOf())
    expect(frame()).not.toBeNull()
    dropFirstChart()
    expect(frame()).toBeNull()
    expect(fake.state.disposed).toBe(true)
  })

  it.each([
    ['nothing remembered', { start: null }],
    ['the offline cache answered (its stale mark is the window’s to show)', { start: { ...LIVE, stale: true } }],
    ['no candles', { start: { ...LIVE, candles: [] } }],
    ['the pair is not listed', { pairs: [] }],
    ['the exchange is unreachable (a banner will push the chart down)', { session: sessionState({ connection: { state: 'offline', message: 'down', since: 0 } }) }],
    ['a storage warning (a banner too)', { session: sessionState({ storageWarnings: ['The preferences file could not be read.'] }) }],
  ] as const)('draws nothing when %s', async (_, over) => {
    expect(await drawFirstChart(answersOf(over as Parameters<typeof answersOf>[0]))).toBe(false)
    expect(frame()).toBeNull()
    expect(fake.state.inits).toHaveLength(0)
  })

  it('draws nothing when an answer fails', async () => {
    const failing: FirstAnswers = { answer: (method) => (method === 'market.pairs' ? Promise.reject(new Error('down')) : answersOf().answer(method)) }
    expect(await drawFirstChart(failing)).toBe(false)
    expect(frame()).toBeNull()
  })

  it('lets the window start without it when the answers are late, and never draws after', async () => {
    vi.useFakeTimers()
    try {
      const start = deferred<Start>()
      const answers: FirstAnswers = { answer: (method) => (method === 'market.start' ? (start.promise as never) : answersOf().answer(method)) }
      const drawn = drawFirstChart(answers, 500)
      await vi.advanceTimersByTimeAsync(500)
      expect(await drawn).toBe(false)
      start.resolve(LIVE)
      await vi.advanceTimersByTimeAsync(10)
      expect(frame()).toBeNull()
      expect(fake.state.inits).toHaveLength(0)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('drawFirstChart from the cache', () => {
  it('draws in the frame the entry drew from the cache, keeping its name and mark, and takes its canvas away once ECharts has drawn', async () => {
    const canvas = fakeCanvas()
    try {
      expect(drawCachedFrame(CACHED)).toBe(true)
      const drawnFirst = frame()
      expect(await drawFirstChart(answersWith(CACHED).answers)).toBe(true)
      expect(document.querySelectorAll('[data-testid="first-chart"]')).toHaveLength(1)
      expect(frame()).toBe(drawnFirst)
      expect(document.querySelectorAll('[data-testid="first-chart-stale"]')).toHaveLength(1)
      // ECharts' chart has drawn the same picture: the cached drawing is gone.
      expect(frame()?.querySelector(':scope > canvas')).toBeNull()
      expect(frame()?.querySelector('.first-chart')).not.toBeNull()
    } finally {
      canvas.restore()
    }
  })

  it('takes the cached frame away when no first chart is drawn (the exchange says no chart, nothing else to show)', async () => {
    const canvas = fakeCanvas()
    try {
      expect(drawCachedFrame(CACHED)).toBe(true)
      const { answers, live } = answersWith(null)
      live.resolve(null)
      expect(await drawFirstChart(answers)).toBe(false)
      expect(frame()).toBeNull()
    } finally {
      canvas.restore()
    }
  })

  it('draws the cached chart before the exchange answers, marked stale with the time it was saved', async () => {
    const { answers } = answersWith(CACHED)
    expect(await drawFirstChart(answers)).toBe(true)
    expect(frame()?.getAttribute('aria-label')).toBe('BTC/USDT candles, 1h')
    expect(candlesDrawn()).toBeGreaterThan(0)
    expect(mark()?.textContent).toBe('stale — cached data from 14:02, updating…')
    expect(mark()?.getAttribute('role')).toBe('status')
  })

  it('the exchange’s answer repaints it with live candles and the mark goes', async () => {
    const { answers, live } = answersWith(CACHED)
    await drawFirstChart(answers)
    const cachedPaints = fake.state.options.length
    live.resolve(LIVE)
    await settle()
    expect(mark()).toBeNull()
    expect(fake.state.options.length).toBeGreaterThan(cachedPaints)
    // Handed to the window with the live candles in it.
    expect(takeFirstChart('BTC_USDT|60', document.createElement('div'))?.candles).toBe(120)
  })

  it('says when the live answer has replaced it (the window mounts then), and not before', async () => {
    const { answers, live } = answersWith(CACHED)
    await drawFirstChart(answers)
    let followed: boolean | null = null
    void firstChartFollowed().then((repainted) => (followed = repainted))
    await settle()
    expect(followed).toBeNull()
    expect(mark()).not.toBeNull()
    live.resolve(LIVE)
    await settle()
    // repainted live: the window mounts after the frame that shows it (boot.ts)
    expect(followed).toBe(true)
    expect(mark()).toBeNull()
  })

  it('draws nothing when the main chart is in a window of its own, neither the cached chart nor the live one', async () => {
    const { answers, live } = answersWith({ ...CACHED, chartOut: true })
    const drawn = drawFirstChart(answers)
    live.resolve(LIVE)
    expect(await drawn).toBe(false)
    expect(frame()).toBeNull()
    expect(fake.state.options.length).toBe(0)
    // the window shows the placeholder until it has read the pop-outs' list
    expect(mainChartSaidOut()).toBe(true)
  })

  it('the exchange answering before the disk (a reload, the core up): the disk still says the chart is out, and nothing is drawn', async () => {
    const disk = deferred<CachedStart | null>()
    const values: Record<string, unknown> = { 'market.start': LIVE, 'market.pairs': [BTC_USDT], 'prefs.get': PREFS, 'session.get': sessionState() }
    const answers: FirstAnswers = { answer: (method) => (method === 'market.cachedStart' ? (disk.promise as never) : Promise.resolve(values[method] as never)) }
    const drawn = drawFirstChart(answers)
    await settle()
    disk.resolve({ ...CACHED, chartOut: true })
    expect(await drawn).toBe(false)
    expect(frame()).toBeNull()
  })

  it('stays marked when the exchange does not answer fresh (unreachable: the cache is all there is), and the window may mount', async () => {
    const { answers, live } = answersWith(CACHED)
    await drawFirstChart(answers)
    live.reject(new Error('unreachable'))
    expect(await firstChartFollowed()).toBe(false)
    expect(frame()).not.toBeNull()
    expect(mark()).not.toBeNull()
  })

  it('is removed when the session’s profile is not the one the cache was read for, or there is no chart to follow', async () => {
    const other = answersWith(CACHED, sessionState({ profile: { ...sessionState().profile!, id: 'p2' } }))
    await drawFirstChart(other.answers)
    other.live.resolve(LIVE)
    await settle()
    expect(frame()).toBeNull()
    expect(fake.state.disposed).toBe(true)

    fake.reset()
    const none = answersWith(CACHED)
    await drawFirstChart(none.answers)
    none.live.resolve(null)
    await settle()
    expect(frame()).toBeNull()
  })

  it('once the window has taken it, the live answer is the window’s to paint', async () => {
    const { answers, live } = answersWith(CACHED)
    await drawFirstChart(answers)
    takeFirstChart('BTC_USDT|60', document.createElement('div'))
    const paints = fake.state.options.length
    live.resolve(LIVE)
    await settle()
    expect(fake.state.options.length).toBe(paints)
  })

  it('without a cache (or a pair it does not list) it waits for the exchange and draws that, unmarked', async () => {
    for (const cached of [null, { ...CACHED, pairs: [] }]) {
      fake.reset()
      const { answers, live } = answersWith(cached)
      const drawn = drawFirstChart(answers)
      await settle()
      expect(frame()).toBeNull()
      live.resolve(LIVE)
      expect(await drawn).toBe(true)
      expect(mark()).toBeNull()
      dropFirstChart()
    }
  })
})
