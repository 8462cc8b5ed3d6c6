// @vitest-environment happy-dom
// One ECharts instance per element: made or adopted on mount, resized only when the element's size
// differs from the chart's (a resize lays the whole chart out again), disposed on unmount.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, ref } from 'vue'
import { mount } from '@vue/test-utils'
import type { EChartsType } from 'echarts/core'

const made = vi.hoisted(() => ({ count: 0 }))
function fakeChart(width: number, height: number) {
  return { getWidth: () => width, getHeight: () => height, resize: vi.fn(), isDisposed: () => false, dispose: vi.fn() }
}
vi.mock('echarts/core', () => ({
  use: () => undefined,
  init: () => {
    made.count++
    return fakeChart(300, 200)
  },
}))
vi.mock('echarts/renderers', () => ({ CanvasRenderer: {} }))

const { useEcharts } = await import('./echarts')

let observed: () => void = () => undefined
let frames: (() => void)[] = []
/** The observer reports a size change, and the next frame runs. */
function report(): void {
  observed()
  const run = frames
  frames = []
  for (const fn of run) fn()
}
beforeEach(() => {
  frames = []
  made.count = 0
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        observed = callback
      }
      observe() {}
      disconnect() {}
    },
  )
  vi.stubGlobal('requestAnimationFrame', (fn: () => void) => frames.push(fn))
})
afterEach(() => vi.unstubAllGlobals())

function mountChart(size: { width: number; height: number }, adopt?: (el: HTMLElement) => EChartsType | null) {
  const ready: EChartsType[] = []
  const resized: EChartsType[] = []
  const Chart = defineComponent({
    setup() {
      const el = ref<HTMLElement | null>(null)
      useEcharts(el, { onReady: (c) => ready.push(c), onResize: (c) => resized.push(c), ...(adopt ? { adopt } : {}) })
      return () => h('div', { ref: el })
    },
  })
  const wrapper = mount(Chart)
  Object.defineProperty(wrapper.element, 'clientWidth', { get: () => size.width })
  Object.defineProperty(wrapper.element, 'clientHeight', { get: () => size.height })
  return { wrapper, ready, resized }
}

describe('useEcharts', () => {
  it('does not lay the chart out again when the element is the size the chart already has', () => {
    const size = { width: 300, height: 200 }
    const { ready, resized } = mountChart(size)
    const chart = ready[0] as unknown as ReturnType<typeof fakeChart>
    report()
    expect(chart.resize).not.toHaveBeenCalled()
    size.width = 420
    report()
    expect(chart.resize).toHaveBeenCalledTimes(1)
    expect(resized).toHaveLength(1)
  })

  it('adopts an instance already drawn instead of making one, and disposes it on unmount', () => {
    const drawn = fakeChart(300, 200)
    const { wrapper, ready } = mountChart({ width: 300, height: 200 }, () => drawn as unknown as EChartsType)
    expect(made.count).toBe(0)
    expect(ready[0]).toBe(drawn)
    wrapper.unmount()
    expect(drawn.dispose).toHaveBeenCalled()
  })

  it('makes its own when there is nothing to adopt', () => {
    mountChart({ width: 300, height: 200 }, () => null)
    expect(made.count).toBe(1)
  })
})
