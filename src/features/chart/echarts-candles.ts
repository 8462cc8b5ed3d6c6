// The chart types and components the candle chart draws, registered once, so the bundle carries
// nothing else: for CandleChart.vue (use-echarts.ts) and the window's first chart (first-chart.ts).
// Each is imported from its own file (which registers it), not from the `echarts/charts` and
// `echarts/components` indexes: the build puts everything the first chart imports into its chunk
// (electron.vite.config.ts), and through an index that was every chart and component the rest of
// the window uses too (the journal's tooltip and legend, the portfolio's pie: ~60 KB more for the
// first chart to load and compile before it could draw).
import 'echarts/lib/chart/candlestick'
import 'echarts/lib/chart/bar'
import 'echarts/lib/chart/line'
import 'echarts/lib/component/grid'
import 'echarts/lib/component/dataZoomInside'
// No tooltip: the crosshair is the axis pointers alone (candle-chart-layout.ts).
import 'echarts/lib/component/axisPointer'
