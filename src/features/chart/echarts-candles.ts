// The chart types and components the candle chart draws, registered once, so the bundle carries
// nothing else: for CandleChart.vue (use-echarts.ts) and the window's first chart (first-chart.ts).
import { use } from 'echarts/core'
import { BarChart, CandlestickChart, LineChart } from 'echarts/charts'
import { AxisPointerComponent, DataZoomInsideComponent, GridComponent, MarkLineComponent } from 'echarts/components'

// No TooltipComponent: the crosshair is the axis pointers alone (candle-chart-layout.ts).
use([CandlestickChart, BarChart, LineChart, GridComponent, DataZoomInsideComponent, AxisPointerComponent, MarkLineComponent])
