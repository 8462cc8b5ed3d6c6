// Where the window's first chart is drawn: exactly where the window's own candle chart will be, so
// taking it over moves nothing on screen. Before the window's code has run there is no layout to
// measure, so a frame of empty boxes lays the window's regions out as TerminalLayout.vue does (the
// same NSplit sizes from the layout preference, the same fixed heights from main.css and
// ChartToolbar.vue and DrawingToolbar.vue), and the browser puts the chart's box where the real one will be, rounding
// included. An e2e test (e2e/first-chart.spec.ts) holds the two boxes equal.
import type { LayoutPrefs } from '@domain/prefs/chart-prefs'
import type { Theme } from '@domain/api/api'

/** main.css `.app-header`: 44 px and a 1 px border. */
export const HEADER_HEIGHT = 45
/** main.css `.status-bar`: 24 px and a 1 px border. */
export const STATUS_HEIGHT = 25
/** ChartToolbar.vue `.toolbar`: 30 px and a 1 px border. */
export const TOOLBAR_HEIGHT = 31
/** DrawingToolbar.vue `.drawing-tools`: 24 px and a 1 px border. */
export const DRAWING_TOOLS_HEIGHT = 25
/** TerminalLayout.vue: every NSplit's resize trigger. */
export const SPLIT_TRIGGER = 4
/** TerminalLayout.vue: the strip the collapsed tabs keep. */
export const COLLAPSED_TABS = 28
/** main.css `.chart-region`: its right border. */
export const REGION_BORDER = 1

/** The window's background under the chart (the `.app` body colour of naive-ui's theme, with ours for dark). */
export const CHART_BACKGROUND: Record<Theme, string> = { dark: '#0f1218', light: '#ffffff' }

/** NSplit's first pane: a fraction of the split less its share of the trigger, or a CSS length. */
function firstPane(size: number | string): string {
  if (typeof size === 'string') return `0 0 ${size}`
  const percent = size * 100
  return `0 0 calc(${percent}% - ${(SPLIT_TRIGGER * percent) / 100}px)`
}

function box(style: Record<string, string>, ...children: HTMLElement[]): HTMLElement {
  const el = document.createElement('div')
  for (const [key, value] of Object.entries(style)) el.style.setProperty(key, value)
  el.append(...children)
  return el
}

const trigger = (): HTMLElement => box({ flex: `0 0 ${SPLIT_TRIGGER}px` })
const split = (direction: 'row' | 'column', ...children: HTMLElement[]): HTMLElement =>
  box({ display: 'flex', 'flex-direction': direction, width: '100%', height: '100%', 'min-width': '0', 'min-height': '0' }, ...children)
const pane = (flex: string, ...children: HTMLElement[]): HTMLElement => box({ flex, 'min-width': '0', 'min-height': '0', overflow: 'hidden' }, ...children)

/**
 * The frame (to put over the page) and, inside it, the box of the window's chart canvas. Nothing in
 * the frame takes the pointer; only the chart's box has a background.
 */
export function firstChartFrame(layout: LayoutPrefs, theme: Theme): { frame: HTMLElement; chartBox: HTMLElement } {
  const chartBox = box({ position: 'absolute', inset: '0', background: CHART_BACKGROUND[theme] })
  const region = box(
    { display: 'flex', 'flex-direction': 'column', height: '100%', 'min-width': '0', 'border-right': `${REGION_BORDER}px solid transparent` },
    box({ flex: `0 0 ${TOOLBAR_HEIGHT}px` }),
    box({ flex: `0 0 ${DRAWING_TOOLS_HEIGHT}px` }),
    box({ flex: '1', position: 'relative', 'min-height': '0' }, chartBox),
  )
  const top = split('row', pane(firstPane(layout.sidebar / 100)), trigger(), pane('1', region))
  const main = layout.bottomCollapsed
    ? split('column', pane(firstPane(`calc(100% - ${COLLAPSED_TABS}px)`), top), pane('1'))
    : split('column', pane(firstPane(1 - layout.bottom / 100), top), trigger(), pane('1'))
  const row = layout.sideCollapsed ? split('row', pane(firstPane('100%'), main), pane('1')) : split('row', pane(firstPane(1 - layout.side / 100), main), trigger(), pane('1'))
  const frame = box(
    { position: 'fixed', inset: '0', display: 'flex', 'flex-direction': 'column', 'pointer-events': 'none', 'z-index': '5' },
    box({ flex: `0 0 ${HEADER_HEIGHT}px` }),
    box({ flex: '1 1 auto', 'min-height': '0', position: 'relative' }, box({ position: 'absolute', inset: '0' }, row)),
    box({ flex: `0 0 ${STATUS_HEIGHT}px` }),
  )
  return { frame, chartBox }
}
