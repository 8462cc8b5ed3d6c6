// The candle chart's ECharts: the chart types and components it draws, registered once, and the
// instance's lifetime (src/composables/echarts.ts). Only these are registered, so the bundle
// carries nothing else.
import { use } from 'echarts/core'
import { BarChart, CandlestickChart, LineChart } from 'echarts/charts'
import { AxisPointerComponent, DataZoomInsideComponent, GridComponent, MarkLineComponent } from 'echarts/components'

// No TooltipComponent: the crosshair is the axis pointers alone (candle-chart-layout.ts).
use([CandlestickChart, BarChart, LineChart, GridComponent, DataZoomInsideComponent, AxisPointerComponent, MarkLineComponent])

export { useEcharts } from '@/composables/echarts'
