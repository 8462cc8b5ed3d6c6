// The window's first chart, drawn by the page's entry (boot.ts) from the start's first answers, before
// the window's own code has run. On a start that code (Vue, naive-ui, the stores, the window's mount)
// took the main thread for about 150 ms after the answers were in, and the candles waited behind it;
// now the chart is drawn as soon as its answers are in, where the window's chart will be
// (first-chart-place.ts), and the window mounts after it and takes it over (first-chart-handoff.ts,
// CandleChart.vue). It is the same chart: the same painter and the same paint request
// (chart-paint-request.ts) as the window's, so the take-over paints only what changed since.
//
// It is drawn only when it will be true: the remembered chart answered fresh from the exchange, its
// pair listed, and no banner about the session that would push the chart down; or, before that
// answer, the same chart from the disk's cache (market.cachedStart, which the host reads without its
// core), marked stale in words until the live answer replaces it (followLive below). Otherwise, or
// when the answers take longer than `waitMs`, nothing is drawn and the window starts as before.
// Nor is anything drawn when the cached start says the main chart is in a window of its own
// (docs/popouts.md): the main window's placeholder stands in its place.
//
// On a start from the cache the page's entry has usually drawn that chart already, on a plain canvas
// (cached-frame-view.ts): the first chart then draws in its frame, keeping its name and mark, and its
// canvas goes as soon as ECharts has drawn the same picture.
import type { EChartsType } from 'echarts/core'
import type { CachedStart, MarketSnapshot, Preferences } from '@domain/api/api'
import type { Pair } from '@domain/wire/wire'
import { within } from '@domain/within'
import type { FirstAnswers } from '@/api/first-calls'
import { displayZone } from '@/lib/display-zone'
import { initCanvasChart } from '@/lib/echarts-canvas'
import { sessionNotice } from '@/stores/session/session-notice'
import { mergeCandles } from '@/stores/market/market-merge'
import { CandleChartPainter } from './candle-chart-painter'
import { chartConfigs, chartPaintRequest } from './chart-paint-request'
import { candleChartLabel, pairLabel } from './chart-names'
import { type FirstChart, dropFirstChart, isOffered, markMainChartOut, offerFirstChart } from './first-chart-handoff'
import { firstChartFrame } from './first-chart-place'
import { chartLookOf, dropCachedFrame, hasCachedFrame, staleMark, takeCachedFrame } from './cached-frame-view'
import './echarts-candles'

/** How long the first chart waits for its answers before it lets the window start without it. */
export const FIRST_CHART_WAIT_MS = 1_500

function answersWithin(answers: FirstAnswers, waitMs: number) {
  return within(Promise.all([answers.answer('market.start'), answers.answer('market.pairs'), answers.answer('prefs.get'), answers.answer('session.get')]), waitMs)
}

/** The chart's paint request for a snapshot, in the preferences' theme and zone, `element` its box. */
export function firstPaintRequest(snapshot: MarketSnapshot, selected: Pair, prefs: Preferences, element: HTMLElement) {
  const { theme, zone } = chartLookOf(prefs)
  return chartPaintRequest({
    pair: snapshot.pair,
    interval: snapshot.interval,
    selectedPair: selected,
    candles: mergeCandles([], snapshot.candles),
    theme,
    zone,
    configs: chartConfigs(prefs.indicators, snapshot.pair, snapshot.interval),
    orders: [],
    positions: [],
    height: () => element.clientHeight,
  })
}

/**
 * Draws `snapshot` where the window's chart will be and offers it to the window; with `stale`, marked
 * as the cache. Null when its pair is not listed. Throws when drawing fails (the frame is gone then).
 */
function drawSnapshot(snapshot: MarketSnapshot, pairs: readonly Pair[], prefs: Preferences, stale: boolean): FirstChart | null {
  const series = `${snapshot.pair}|${snapshot.interval}`
  // The cached frame the page's entry drew of this chart, if any: its frame, name and mark are kept.
  const cachedFrame = takeCachedFrame(series)
  const selected = pairs.find((p) => p.name === snapshot.pair)
  if (!selected) {
    cachedFrame?.frame.remove()
    return null
  }
  const { theme, zone } = chartLookOf(prefs)
  // As the window will have them: its stylesheet's theme, and the zone every time label follows.
  document.documentElement.dataset.theme = theme
  displayZone.value = zone
  const { frame, chartBox } = cachedFrame ?? firstChartFrame(prefs.layout, theme)
  if (!cachedFrame) {
    chartBox.dataset.testid = 'first-chart'
    chartBox.setAttribute('role', 'img')
    chartBox.setAttribute('aria-label', candleChartLabel(pairLabel(selected, snapshot.pair), snapshot.interval))
    if (stale) chartBox.append(staleMark(snapshot.fetchedAt, zone))
  } else if (!stale) chartBox.querySelector('[data-testid="first-chart-stale"]')?.remove()
  const element = document.createElement('div')
  element.className = 'first-chart'
  element.style.setProperty('position', 'absolute')
  element.style.setProperty('inset', '0')
  chartBox.append(element)
  if (!cachedFrame) document.body.append(frame)
  let instance: EChartsType | undefined
  try {
    instance = initCanvasChart(element)
    const painter = new CandleChartPainter(instance)
    const request = firstPaintRequest(snapshot, selected, prefs, element)
    const started = performance.now()
    painter.paint(request)
    const renderMs = performance.now() - started
    // ECharts has drawn the same picture (setOption renders at once): the cached frame's canvas goes,
    // in the same task, so no frame shows neither.
    cachedFrame?.canvas.remove()
    // Where it was drawn, for the test that holds it where the window's chart is.
    const { left, top, width, height } = chartBox.getBoundingClientRect()
    element.dataset.firstBox = [left, top, width, height].map((n) => Math.round(n)).join(',')
    const chart: FirstChart = { frame, element, instance, painter, series: request.series, candles: request.data.candles.length, renderMs }
    offerFirstChart(chart)
    return chart
  } catch (error) {
    // Half drawn: gone again, and the window draws its own.
    instance?.dispose()
    frame.remove()
    throw error
  }
}

let followed: Promise<boolean> = Promise.resolve(false)

/**
 * Settles once the cached first chart has followed the start's live answers: true when it was
 * repainted live (its frame is yet to be shown), false when it was removed, left marked stale by a
 * failed answer, or never drawn (then at once: the live chart drawn over the cached frame included).
 * The window's mount waits for it, bounded (boot.ts).
 */
export function firstChartFollowed(): Promise<boolean> {
  return followed
}

/**
 * The cached first chart follows the start's live answers until the window takes it over: the
 * exchange's snapshot of the same chart repaints it and the mark goes; a session of another profile,
 * or no chart at all (nothing remembered, no profile), removes it. A failed answer leaves it as it
 * is, marked stale: the window says the rest.
 */
function followLive(chart: FirstChart, cached: CachedStart, answers: FirstAnswers): void {
  const all = Promise.all([answers.answer('market.start'), answers.answer('market.pairs'), answers.answer('prefs.get'), answers.answer('session.get')])
  followed = all.then(
    ([snapshot, pairs, prefs, session]) => {
      if (!isOffered(chart)) return false
      if (snapshot === null || session.profile?.id !== cached.profileId) {
        dropFirstChart()
        return false
      }
      const selected = pairs.find((p) => p.name === snapshot.pair)
      if (snapshot.stale || snapshot.candles.length === 0 || `${snapshot.pair}|${snapshot.interval}` !== chart.series || !selected) return false
      try {
        const request = firstPaintRequest(snapshot, selected, prefs, chart.element)
        chart.painter.paint(request)
        chart.candles = request.data.candles.length
        chart.frame.querySelector('[data-testid="first-chart-stale"]')?.remove()
        return true
      } catch {
        dropFirstChart()
        return false
      }
    },
    () => false,
  )
}

/**
 * Draws the first chart and offers it to the window; resolves true when it was drawn, false when it
 * was not (see above). Never throws: a window without its first chart starts as it always did.
 */
export async function drawFirstChart(answers: FirstAnswers, waitMs = FIRST_CHART_WAIT_MS, liveHold?: Promise<unknown>): Promise<boolean> {
  const drawn = await drawEither(answers, waitMs, liveHold)
  // A cached frame the entry drew (cached-frame-view.ts) goes with a first chart that is not drawn.
  if (!drawn) dropCachedFrame()
  return drawn
}

/**
 * The exchange's chart drawn at once over the cached frame the page's entry drew of the same chart:
 * its answers are in, fresh, of the same profile and chart, with nothing the window must say first.
 * True when drawn; false leaves the cached chart to be drawn and to follow them (followLive).
 */
async function drawLiveOver(cached: CachedStart, live: ReturnType<typeof answersWithin>): Promise<boolean> {
  const all = await live.catch(() => null)
  if (!all) return false
  const [snapshot, pairs, prefs, session] = all
  const drawable =
    snapshot !== null &&
    !snapshot.stale &&
    snapshot.candles.length > 0 &&
    snapshot.pair === cached.snapshot.pair &&
    snapshot.interval === cached.snapshot.interval &&
    session.profile?.id === cached.profileId &&
    sessionNotice(session) === null &&
    (session.storageWarnings?.length ?? 0) === 0
  return drawable && drawSnapshot(snapshot, pairs, prefs, false) !== null
}

/**
 * The cached chart or the exchange's, whichever is in first (drawFirstChart). While the page's entry
 * shows the cached chart on its plain canvas, the exchange's answers are waited for until `liveHold`
 * settles: in by then, their chart is drawn at once, and ECharts draws the start's chart once, not
 * the cached one first and the live one a moment later (on two cores that second paint held the live
 * chart back; issue 46).
 */
async function drawEither(answers: FirstAnswers, waitMs: number, liveHold?: Promise<unknown>): Promise<boolean> {
  try {
    const live = answersWithin(answers, waitMs)
    let liveIn = false
    const settled = live.then(
      () => (liveIn = true),
      () => (liveIn = true),
    )
    // The disk's chart, unless the exchange's is already in: it is read without the core, so it
    // usually is first. Its absence or failure draws nothing of it.
    let chartOut = false
    const fromDisk = answers.answer('market.cachedStart').then(
      (answer) => {
        chartOut = answer?.chartOut === true
        if (chartOut) markMainChartOut()
        return answer
      },
      () => null,
    )
    const cached = await Promise.race([fromDisk, settled.then(() => null)])
    if (chartOut) return false
    const held = cached !== null && !liveIn && liveHold !== undefined && hasCachedFrame()
    if (held) await Promise.race([settled, liveHold.catch(() => undefined)])
    if (held && liveIn && (await drawLiveOver(cached, live))) return true
    if (cached && (!liveIn || held)) {
      const chart = drawSnapshot(cached.snapshot, cached.pairs, cached.prefs, true)
      if (chart) {
        followLive(chart, cached, answers)
        return true
      }
    }
    // The exchange's chart came first (the core was up: a reload): the disk's answer, a read of small
    // files on their way since the page ran, still says whether the chart is out before it is drawn.
    const all = await live
    if (all && !chartOut) await within(fromDisk, waitMs)
    if (!all || chartOut) return false
    const [snapshot, pairs, prefs, session] = all
    if (!snapshot || snapshot.stale || snapshot.candles.length === 0) return false
    if (sessionNotice(session) !== null || (session.storageWarnings?.length ?? 0) > 0) return false
    return drawSnapshot(snapshot, pairs, prefs, false) !== null
  } catch {
    return false
  }
}
