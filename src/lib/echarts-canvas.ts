// Every chart's ECharts instance is made here: on a canvas (the only renderer registered, so a bundle
// carries no SVG renderer) and without dirty rectangles. Those saved ~0.5 ms a tick, but zrender left
// pixels stale with them: the volume pane's crosshair line stayed where it was (its element had
// moved) and bars under the pointer vanished. The crosshair has a canvas layer of its own instead, so
// a hover repaints that layer only (features/chart/candle-chart-layout.ts).
import { init, use, type EChartsType } from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'

use([CanvasRenderer])

export function initCanvasChart(element: HTMLElement): EChartsType {
  return init(element, undefined, { renderer: 'canvas', useDirtyRect: false })
}
