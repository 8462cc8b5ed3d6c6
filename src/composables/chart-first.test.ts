// @vitest-environment happy-dom
// The panels around the chart mount after its first paint: not before the chart has drawn (or cannot),
// in the frame after it, and after the fallback time at the latest.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, nextTick, ref, type Ref } from 'vue'
import { mount } from '@vue/test-utils'
import { useChartFirst } from './chart-first'

function host(settled: Ref<boolean>, fallbackMs = 1_500, load?: () => Promise<unknown>) {
  const holder: { rest: Ref<boolean> | null } = { rest: null }
  const wrapper = mount(
    defineComponent({
      setup() {
        const rest = useChartFirst(() => settled.value, fallbackMs, load)
        holder.rest = rest
        return () => h('div', rest.value ? 'panels' : 'chart only')
      },
    }),
  )
  return { wrapper, rest: () => holder.rest?.value ?? false }
}

describe('useChartFirst', () => {
  afterEach(() => vi.useRealTimers())

  it('waits for the chart, then mounts the rest in the frame after its paint', async () => {
    vi.useFakeTimers()
    const settled = ref(false)
    const { wrapper, rest } = host(settled)
    await vi.advanceTimersByTimeAsync(500)
    expect(rest()).toBe(false)
    settled.value = true
    await nextTick()
    expect(rest()).toBe(false)
    await vi.advanceTimersByTimeAsync(40)
    expect(rest()).toBe(true)
    await nextTick()
    expect(wrapper.text()).toBe('panels')
    wrapper.unmount()
  })

  it('mounts the rest after the fallback time when the chart never comes', async () => {
    vi.useFakeTimers()
    const { wrapper, rest } = host(ref(false), 1_500)
    await vi.advanceTimersByTimeAsync(1_400)
    expect(rest()).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    expect(rest()).toBe(true)
    wrapper.unmount()
  })

  it('mounts the rest at once (after a frame) when it is clear already at the start', async () => {
    vi.useFakeTimers()
    const { wrapper, rest } = host(ref(true))
    await vi.advanceTimersByTimeAsync(40)
    expect(rest()).toBe(true)
    wrapper.unmount()
  })

  it("asks for the panels' code only after the chart, and mounts them once it is in (or could not load)", async () => {
    vi.useFakeTimers()
    const settled = ref(false)
    let arrive: () => void = () => undefined
    let fail: (error: Error) => void = () => undefined
    const load = vi.fn(() => new Promise<void>((resolve, reject) => ((arrive = resolve), (fail = reject))))
    const { wrapper, rest } = host(settled, 1_500, load)
    await vi.advanceTimersByTimeAsync(500)
    expect(load).not.toHaveBeenCalled()
    settled.value = true
    await vi.advanceTimersByTimeAsync(40)
    expect(load).toHaveBeenCalledTimes(1)
    expect(rest()).toBe(false)
    arrive()
    await vi.advanceTimersByTimeAsync(0)
    expect(rest()).toBe(true)
    wrapper.unmount()

    // A chunk that cannot load still lets the panels mount: each says it could not load.
    const second = host(ref(true), 1_500, load)
    await vi.advanceTimersByTimeAsync(40)
    expect(second.rest()).toBe(false)
    fail(new Error('offline'))
    await vi.advanceTimersByTimeAsync(0)
    expect(second.rest()).toBe(true)
    second.wrapper.unmount()
  })
})
