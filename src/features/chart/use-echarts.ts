// The candle chart's ECharts: the chart types and components it draws (echarts-candles.ts) and the
// instance's lifetime (src/composables/echarts.ts).
import './echarts-candles'

export { useEcharts } from '@/composables/echarts'
