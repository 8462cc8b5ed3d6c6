// The chart's pixel mapping, read through ECharts' public convertToPixel/convertFromPixel and, for
// each pane's rectangle, its grid model: what everything the chart's own code draws on it is placed
// by (live-overlay.ts, level-lines.ts, settled-candles.ts, volume-bars.ts, the drawings and the
// lines' drag handles).
import type { EChartsType } from 'echarts/core'
import { type PaneGeometry, VOLUME_PANE, samePane } from './live-layer'

/** The parts of ECharts' model read here (not in its public types): each grid's rectangle. */
interface ModelLike {
  getComponent(type: 'grid', index: number): { coordinateSystem?: { getRect?(): { x: number; y: number; width: number; height: number } } } | undefined
}

/**
 * The x mapping (slot → px) and each pane's rectangle and edge values, or null when not readable.
 * The volume pane's values are not ECharts' (its scale is the chart's own, volume-bars.ts): 0 to 1
 * here, until the overlay scales them.
 */
export function readMapping(chart: EChartsType, paneCount: number): { x0: number; band: number; panes: PaneGeometry[] } | null {
  const model = (chart as unknown as { getModel?(): ModelLike | undefined }).getModel?.()
  if (!model) return null
  const panes: PaneGeometry[] = []
  for (let i = 0; i < paneCount; i++) {
    const rect = model.getComponent('grid', i)?.coordinateSystem?.getRect?.()
    if (!rect) return null
    if (i === VOLUME_PANE) {
      panes.push({ left: rect.x, right: rect.x + rect.width, top: rect.y, bottom: rect.y + rect.height, valueTop: 1, valueBottom: 0 })
      continue
    }
    const top = chart.convertFromPixel({ gridIndex: i }, [rect.x, rect.y]) as number[] | undefined
    const bottom = chart.convertFromPixel({ gridIndex: i }, [rect.x, rect.y + rect.height]) as number[] | undefined
    if (!top || !bottom || !Number.isFinite(top[1]) || !Number.isFinite(bottom[1]) || top[1] === bottom[1]) return null
    panes.push({ left: rect.x, right: rect.x + rect.width, top: rect.y, bottom: rect.y + rect.height, valueTop: top[1]!, valueBottom: bottom[1]! })
  }
  const a = chart.convertToPixel({ gridIndex: 0 }, [0, panes[0]!.valueBottom]) as number[] | undefined
  const b = chart.convertToPixel({ gridIndex: 0 }, [1, panes[0]!.valueBottom]) as number[] | undefined
  if (!a || !b || !Number.isFinite(a[0]) || !Number.isFinite(b[0])) return null
  return { x0: a[0]!, band: b[0]! - a[0]!, panes }
}

export type Mapping = ReturnType<typeof readMapping>

export function sameMapping(a: Mapping, b: Mapping): boolean {
  if (!a || !b) return a === b
  if (a.x0 !== b.x0 || a.band !== b.band || a.panes.length !== b.panes.length) return false
  return a.panes.every((p, i) => samePane(p, b.panes[i]!))
}
