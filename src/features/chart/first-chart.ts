// The window's first chart, drawn by the page's entry (boot.ts) from the start's first answers, before
// the window's own code has run. On a start that code (Vue, naive-ui, the stores, the window's mount)
// took the main thread for about 150 ms after the answers were in, and the candles waited behind it;
// now the chart is drawn as soon as its answers are in, where the window's chart will be
// (first-chart-place.ts), and the window mounts after it and takes it over (first-chart-handoff.ts,
// CandleChart.vue). It is the same chart: the same painter and the same paint request
// (chart-paint-request.ts) as the window's, so the take-over paints only what changed since.
//
// It is drawn only when it will be true and stay put: the remembered chart answered fresh from the
// exchange (not the offline cache, whose stale mark is the window's to show), its pair listed, and
// no banner about the session that would push the chart down. Otherwise, or when the answers take
// longer than `waitMs`, nothing is drawn and the window starts as before.
import type { EChartsType } from 'echarts/core'
import type { FirstAnswers } from '@/api/first-calls'
import { displayZone, type TimeZoneMode } from '@/lib/display-zone'
import { initCanvasChart } from '@/lib/echarts-canvas'
import { sessionNotice } from '@/stores/session/session-notice'
import { mergeCandles } from '@/stores/market/market-merge'
import { CandleChartPainter } from './candle-chart-painter'
import { chartConfigs, chartPaintRequest } from './chart-paint-request'
import { candleChartLabel, pairLabel } from './chart-summary'
import { offerFirstChart } from './first-chart-handoff'
import { firstChartFrame } from './first-chart-place'
import './echarts-candles'

/** How long the first chart waits for its answers before it lets the window start without it. */
export const FIRST_CHART_WAIT_MS = 1_500

async function answersWithin(answers: FirstAnswers, waitMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)))
  try {
    const all = Promise.all([answers.answer('market.start'), answers.answer('market.pairs'), answers.answer('prefs.get'), answers.answer('session.get')])
    return await Promise.race([all, late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Draws the first chart and offers it to the window; resolves true when it was drawn, false when it
 * was not (see above). Never throws: a window without its first chart starts as it always did.
 */
export async function drawFirstChart(answers: FirstAnswers, waitMs = FIRST_CHART_WAIT_MS): Promise<boolean> {
  let drawn: { frame: HTMLElement; instance?: EChartsType } | null = null
  try {
    const all = await answersWithin(answers, waitMs)
    if (!all) return false
    const [snapshot, pairs, prefs, session] = all
    if (!snapshot || snapshot.stale || snapshot.candles.length === 0) return false
    if (sessionNotice(session) !== null || (session.storageWarnings?.length ?? 0) > 0) return false
    const selected = pairs.find((p) => p.name === snapshot.pair)
    if (!selected) return false
    const theme = prefs.theme === 'light' ? 'light' : 'dark'
    const zone: TimeZoneMode = prefs.timeZone === 'utc' ? 'utc' : 'local'
    // As the window will have them: its stylesheet's theme, and the zone every time label follows.
    document.documentElement.dataset.theme = theme
    displayZone.value = zone
    const { frame, chartBox } = firstChartFrame(prefs.layout, theme)
    chartBox.dataset.testid = 'first-chart'
    chartBox.setAttribute('role', 'img')
    chartBox.setAttribute('aria-label', candleChartLabel(pairLabel(selected, snapshot.pair), snapshot.interval))
    const element = document.createElement('div')
    element.className = 'first-chart'
    element.style.setProperty('position', 'absolute')
    element.style.setProperty('inset', '0')
    chartBox.append(element)
    document.body.append(frame)
    drawn = { frame }
    const instance = initCanvasChart(element)
    drawn.instance = instance
    const painter = new CandleChartPainter(instance)
    const candles = mergeCandles([], snapshot.candles)
    const started = performance.now()
    painter.paint(
      chartPaintRequest({
        pair: snapshot.pair,
        interval: snapshot.interval,
        selectedPair: selected,
        candles,
        theme,
        zone,
        configs: chartConfigs(prefs.indicators, snapshot.pair, snapshot.interval),
        orders: [],
        positions: [],
        height: () => element.clientHeight,
      }),
    )
    const renderMs = performance.now() - started
    // Where it was drawn, for the test that holds it where the window's chart is.
    const { left, top, width, height } = chartBox.getBoundingClientRect()
    element.dataset.firstBox = [left, top, width, height].map((n) => Math.round(n)).join(',')
    offerFirstChart({ frame, element, instance, painter, series: `${snapshot.pair}|${snapshot.interval}`, candles: candles.length, renderMs })
    return true
  } catch {
    // Half drawn: gone again, and the window draws its own.
    drawn?.instance?.dispose()
    drawn?.frame.remove()
    return false
  }
}
