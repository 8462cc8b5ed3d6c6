// Test helper: a canvas-free stand-in for an ECharts instance, for the candle chart's tests (which
// mock `echarts/core`'s init to return it). It records every setOption and keeps the handlers.
// Made inside vi.hoisted, so the mocks can return it:
//   const fake = await vi.hoisted(async () => (await import('./test/fake-echarts.test-util')).fakeEcharts())

export function fakeEcharts() {
  const state = {
    options: [] as { option: Record<string, unknown>; opts: unknown }[],
    handlers: new Map<string, (event: unknown) => void>(),
    zrHandlers: new Map<string, (event: unknown) => void>(),
    disposed: false,
    /** The elements init() was given, in order. */
    inits: [] as unknown[],
  }
  const zrLists = new Map<string, ((event: unknown) => void)[]>()
  const chart = {
    setOption: (option: Record<string, unknown>, opts?: unknown) => state.options.push({ option, opts }),
    on: (name: string, handler: (event: unknown) => void) => state.handlers.set(name, handler),
    // Several listeners of one event (the chart's clicks and the drawings'): zrHandlers calls them all.
    getZr: () => ({
      on: (name: string, handler: (event: unknown) => void) => {
        const list = zrLists.get(name) ?? []
        zrLists.set(name, [...list, handler])
        state.zrHandlers.set(name, (event) => zrLists.get(name)?.forEach((h) => h(event)))
      },
      off: (name: string, handler: (event: unknown) => void) =>
        zrLists.set(
          name,
          (zrLists.get(name) ?? []).filter((h) => h !== handler),
        ),
      add: () => undefined,
      remove: () => undefined,
      flush: () => undefined,
      refresh: () => undefined,
    }),
    containPixel: () => true,
    convertFromPixel: () => [10, 43123.456],
    convertToPixel: () => [10, 200], // the order lines' handles (ChartOrderLines.vue)
    resize: () => undefined,
    getWidth: () => 0,
    getHeight: () => 0,
    isDisposed: () => state.disposed,
    dispose: () => {
      state.disposed = true
    },
  }
  /** Forgets what the chart was told, for the next test. */
  function reset(): void {
    state.options.length = 0
    state.handlers.clear()
    state.zrHandlers.clear()
    zrLists.clear()
    state.disposed = false
    state.inits.length = 0
  }
  const init = (element: unknown) => {
    state.inits.push(element)
    return chart
  }
  return { state, chart, init, reset }
}
