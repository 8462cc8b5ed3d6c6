// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { effectScope } from 'vue'
import { useQuitGuard } from './quit-guard'

const unload = () => {
  const event = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent
  window.dispatchEvent(event)
  return event
}

describe('useQuitGuard', () => {
  it('asks before unloading only while a leg is kept by the terminal, and stops with its scope', () => {
    let legs: string[] = []
    const scope = effectScope()
    scope.run(() => useQuitGuard(() => legs))
    expect(unload().defaultPrevented).toBe(false)
    legs = ['BTC_USDT long: the target at 110']
    expect(unload().defaultPrevented).toBe(true)
    scope.stop()
    expect(unload().defaultPrevented).toBe(false)
  })
})
