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
  const key = ref('A')
  const shown = scope.run(() => useThrottled(() => source.value, everyMs, { now: clock, key: () => key.value }))!
  const advance = (ms: number) => {
    t += ms
    vi.advanceTimersByTime(ms)
  }
  return { source, shown, advance, scope, key }
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

  it('shows the new data at once when its key changes, and every change for a second after, never the old data', () => {
    const { source, shown, advance, key } = setup(250)
    source.value = 1 // shown at once
    advance(10)
    source.value = 2 // held: the old session's last figure
    key.value = 'B' // a switch: shown at once, the pending one with it
    expect(shown.value).toBe(2)
    source.value = 0 // the store cleared for the new session
    expect(shown.value).toBe(0)
    advance(20)
    source.value = 7 // the new session's first figure
    expect(shown.value).toBe(7)
    advance(1_000)
    source.value = 8 // steady again: after a quiet spell, at once
    expect(shown.value).toBe(8)
    source.value = 9
    expect(shown.value).toBe(8) // and throttled
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
