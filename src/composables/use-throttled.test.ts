import { describe, expect, it, vi, afterEach } from 'vitest'
import { effectScope, nextTick, ref } from 'vue'
import { useThrottled } from './use-throttled'

afterEach(() => vi.useRealTimers())

function setup(everyMs = 50) {
  vi.useFakeTimers()
  let t = 1_000
  const clock = () => t
  const source = ref(0)
  const scope = effectScope()
  const shown = scope.run(() => useThrottled(() => source.value, everyMs, clock))!
  const advance = (ms: number) => {
    t += ms
    vi.advanceTimersByTime(ms)
  }
  return { source, shown, advance, scope }
}

describe('useThrottled', () => {
  it('shows a change after a quiet spell at once, in the same tick', () => {
    const { source, shown } = setup()
    expect(shown.value).toBe(0)
    source.value = 1
    expect(shown.value).toBe(1)
  })

  it('shows a burst as one change per period, ending with the newest value', async () => {
    const { source, shown, advance } = setup(50)
    source.value = 1 // shown at once
    advance(10)
    source.value = 2
    source.value = 3
    expect(shown.value).toBe(1) // held: the last change was 10 ms ago
    advance(39)
    expect(shown.value).toBe(1)
    advance(1)
    expect(shown.value).toBe(3) // the newest, 50 ms after the first
    await nextTick()
    advance(200)
    expect(shown.value).toBe(3) // nothing pending: no extra change
  })

  it('never leaves the last value behind', () => {
    const { source, shown, advance } = setup(50)
    for (let i = 1; i <= 100; i++) {
      source.value = i
      advance(5)
    }
    advance(50)
    expect(shown.value).toBe(100)
  })

  it('stops its timer when its scope ends', () => {
    const { source, shown, advance, scope } = setup(50)
    source.value = 1
    source.value = 2 // pending
    scope.stop()
    advance(100)
    expect(shown.value).toBe(1)
  })
})
