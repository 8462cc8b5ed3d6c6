// @vitest-environment happy-dom
// Work deferred past the next paint runs once, after the frame, and not at all when cancelled.
import { describe, expect, it } from 'vitest'
import { afterNextPaint } from './after-paint'

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
