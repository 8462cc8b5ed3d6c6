// The window's first screen is its chart. While the first chart is being asked for, the calls it does
// not need wait: on a start, the window's other reads (the pair list's three exchange calls, the
// account, the alerts, the positions) went out in the same moment as the chart's, took the browser's
// six connections to the host, and the host answered the chart behind them. Held calls go out once
// the first chart is answered (or cannot be), and after `waitMs` at the latest; none is dropped, and
// their order is kept. Only the start opens this gate (startup.ts); tests and later calls pass freely.
import type { MethodName, TerminalBridge } from '@domain/api/api'
import { withCall } from './with-call'

/**
 * What the first chart needs: the remembered pair, the session, the header's lists, the chart, and the
 * pair list with its currencies (the chart draws its prices with the pair's precision and names it by
 * its currencies: without them its first paint showed 8 places, then 2, and BTC_USDT, then BTC/USDT).
 */
const CHART_PATH: ReadonlySet<MethodName> = new Set<MethodName>([
  'prefs.get',
  'session.get',
  'profiles.list',
  'app.info',
  'market.start',
  'market.cached',
  'market.cachedStart',
  'market.subscribe',
  'market.pairs',
  'market.currencies',
])

export interface FirstChartGate {
  bridge: TerminalBridge
  /** The first chart is answered (or will not be): the held calls go out. Idempotent. */
  open(): void
  /** True while calls off the chart's path are held. */
  readonly holding: boolean
}

export function holdForFirstChart(inner: TerminalBridge, waitMs: number): FirstChartGate {
  let holding = true
  let release: () => void = () => undefined
  const opened = new Promise<void>((resolve) => (release = resolve))
  const timer = setTimeout(() => open(), waitMs)
  function open(): void {
    if (!holding) return
    holding = false
    clearTimeout(timer)
    release()
  }
  const bridge = withCall(inner, (async (method, input) => {
    if (holding && !CHART_PATH.has(method)) await opened
    return inner.call(method, input as never)
  }) as TerminalBridge['call'])
  return {
    bridge,
    open,
    get holding() {
      return holding
    },
  }
}
