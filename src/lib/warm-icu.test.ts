import { afterEach, describe, expect, it, vi } from 'vitest'
import { warmIcuOffThread } from './warm-icu'

describe('warmIcuOffThread', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('makes one worker for ICU, and the window goes on without one where none can be made', () => {
    vi.stubGlobal('Worker', class {})
    const make = vi.fn()
    expect(warmIcuOffThread(make)).toBe(true)
    expect(make).toHaveBeenCalledTimes(1)
    // A content policy or a host that refuses the worker: no error reaches the window's start.
    expect(
      warmIcuOffThread(() => {
        throw new DOMException('refused', 'SecurityError')
      }),
    ).toBe(false)
    vi.stubGlobal('Worker', undefined)
    const never = vi.fn()
    expect(warmIcuOffThread(never)).toBe(false)
    expect(never).not.toHaveBeenCalled()
  })
})
