// Many candles or bars drawn as two zrender paths on the chart's main canvas layer, one per direction
// (rising, falling): the chart's own code draws the settled candles (settled-candles.ts) and the
// volume bars (volume-bars.ts) so, instead of an ECharts element each.
import { graphic, type EChartsType } from 'echarts/core'
import { DOWN_COLOR, UP_COLOR } from '@/styles/colors'

/** A path's numbers, a fixed count per candle or bar (its buildPath reads them). */
export interface PointsShape {
  points: number[]
}

type PathClass = ReturnType<typeof graphic.extendShape>
type PathInstance = InstanceType<PathClass> & { setShape(shape: PointsShape): void }

/** The rising and the falling path of one kind (`type`), styled from their colour, silent, over the grid. */
export class DirectionPaths {
  private readonly group = new graphic.Group()
  private readonly paths: Record<'up' | 'down', PathInstance>
  private drawn: { candles: readonly unknown[]; mapping: unknown } | null = null

  constructor(
    private readonly chart: EChartsType,
    Path: PathClass,
    type: string,
    style: (color: string) => Record<string, unknown>,
  ) {
    const make = (color: string) => {
      const path = new Path({ shape: { points: [] }, style: style(color), silent: true, z: 2 }) as PathInstance
      path.type = type
      this.group.add(path)
      return path
    }
    this.paths = { up: make(UP_COLOR), down: make(DOWN_COLOR) }
    chart.getZr().add(this.group)
  }

  /**
   * Draws `shapes()` (no mapping: nothing), unless the candles and the mapping are as last drawn
   * (`same` compares two mappings). True when anything was redrawn.
   */
  draw<M>(candles: readonly unknown[], mapping: M | null, same: (a: M, b: M) => boolean, shapes: (mapping: M) => { up: number[]; down: number[] }): boolean {
    const d = this.drawn
    if (d && d.candles === candles && (d.mapping === mapping || (d.mapping !== null && mapping !== null && same(d.mapping as M, mapping)))) return false
    this.drawn = { candles, mapping }
    const { up, down } = mapping === null ? { up: [], down: [] } : shapes(mapping)
    this.paths.up.setShape({ points: up })
    this.paths.down.setShape({ points: down })
    return true
  }

  dispose(): void {
    if (!this.chart.isDisposed()) this.chart.getZr().remove(this.group)
  }
}
