// @vitest-environment happy-dom
// Work deferred past the next paint runs once, after the frame, and not at all when cancelled.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint, whenIdle } from './after-paint'

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
const settle = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0)))

describe('afterNextPaint', () => {
  it('runs after the next frame, not before it', async () => {
    const order: string[] = []
    afterNextPaint(() => order.push('work'))
    const frame = nextFrame().then(() => order.push('frame'))
    expect(order).toEqual([])
    await frame
    await settle()
    expect(order).toEqual(['frame', 'work'])
  })

  it('does nothing once cancelled, before or after the frame', async () => {
    let runs = 0
    afterNextPaint(() => runs++)()
    const late = afterNextPaint(() => runs++)
    await nextFrame()
    late()
    await settle()
    expect(runs).toBe(0)
  })
})

describe('whenIdle', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('waits for an idle moment, at the latest the time given, and not at all once cancelled', () => {
    const idle: { fn: () => void; timeout: number | undefined }[] = []
    vi.stubGlobal('requestIdleCallback', (fn: () => void, options?: { timeout?: number }) => idle.push({ fn, timeout: options?.timeout }))
    const cancelled: number[] = []
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id))
    let runs = 0
    whenIdle(() => runs++, 500)
    expect(runs).toBe(0)
    expect(idle.map((c) => c.timeout)).toEqual([500])
    idle[0]!.fn()
    expect(runs).toBe(1)
    whenIdle(() => runs++, 500)()
    expect(cancelled).toEqual([2])
  })

  it('runs after the next paint where the browser has no idle callbacks', async () => {
    vi.stubGlobal('requestIdleCallback', undefined)
    const order: string[] = []
    whenIdle(() => order.push('work'), 500)
    await nextFrame().then(() => order.push('frame'))
    await settle()
    expect(order).toEqual(['frame', 'work'])
  })
})
