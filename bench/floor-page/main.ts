// The floor of "start → first chart paint": the least a window on the terminal's stack does before
// its chart shows candles. Vue mounts naive-ui's NConfigProvider with the window's own dark theme and
// overrides (imported from src/styles, as App.vue uses them), the window's stylesheet and fonts, and inside it
// one ECharts candlestick chart of 500 candles in the trader's colours. No store, no request, no core:
// the candles are made in the page. scripts/bench/pages.mjs builds it with the renderer's build
// settings and scripts/bench/first-paint.mjs times it as it times the app, to the same paint
// (`[data-testid="chart"] canvas` showing both candle colours).
import { createApp, defineComponent, h, onMounted, ref } from 'vue'
import { NConfigProvider } from 'naive-ui'
import { init, use } from 'echarts/core'
import { CandlestickChart } from 'echarts/charts'
import { GridComponent } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'
import { terminalDarkTheme } from '@/styles/dark-theme'
import { terminalThemeOverrides } from '@/styles/theme-overrides'
import { DOWN_COLOR, UP_COLOR } from '@/styles/colors'
import '@/styles/fonts.css'
import '@/styles/main.css'

use([CandlestickChart, GridComponent, CanvasRenderer])

const COUNT = 500

/** A deterministic random walk of 15-minute candles: [time, open, close, low, high] as ECharts reads them. */
function candles(): { times: string[]; values: number[][] } {
  let s = 7
  const rnd = () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
  const times: string[] = []
  const values: number[][] = []
  let price = 63_500
  const start = Math.floor(Date.now() / 1000 / 900) * 900 - COUNT * 900
  for (let i = 0; i < COUNT; i++) {
    const open = price
    const close = open * (1 + (rnd() - 0.5) * 0.006)
    times.push(new Date((start + i * 900) * 1000).toISOString().slice(11, 16))
    values.push([open, close, Math.min(open, close) * (1 - rnd() * 0.002), Math.max(open, close) * (1 + rnd() * 0.002)])
    price = close
  }
  return { times, values }
}

/** The page: the window's config provider around one chart, drawn once it is mounted. */
const Floor = defineComponent({
  setup() {
    const el = ref<HTMLElement | null>(null)
    onMounted(() => {
      const { times, values } = candles()
      init(el.value!, undefined, { renderer: 'canvas' }).setOption({
        animation: false,
        grid: { left: 8, right: 64, top: 8, bottom: 24 },
        xAxis: { type: 'category', data: times },
        yAxis: { type: 'value', scale: true, position: 'right' },
        series: [{ type: 'candlestick', data: values, itemStyle: { color: UP_COLOR, borderColor: UP_COLOR, color0: DOWN_COLOR, borderColor0: DOWN_COLOR } }],
      })
    })
    return () =>
      h(NConfigProvider, { theme: terminalDarkTheme.value, themeOverrides: terminalThemeOverrides(true), abstract: true }, () =>
        h('div', { ref: el, 'data-testid': 'chart', style: { width: '100%', height: '100%' } }),
      )
  },
})

document.documentElement.dataset.theme = 'dark'
createApp(Floor).mount('#app')
