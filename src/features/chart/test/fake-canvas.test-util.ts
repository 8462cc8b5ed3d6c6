// Test helper: a canvas 2D context that records what is drawn, and a layout of a given size, for the
// cached first frame's tests in happy-dom (which has neither). `install()` in a beforeEach; the
// returned `restore()` in an afterEach.
import { vi } from 'vitest'

export interface Drawn {
  /** Every fillText: its text, x and y. */
  texts: { text: string; x: number; y: number }[]
  /** Every rectangle filled or added to a path. */
  rects: number
}

export function fakeCanvas(width = 1200, height = 700) {
  const drawn: Drawn = { texts: [], rects: 0 }
  const context = new Proxy(
    {
      fillText: (text: string, x: number, y: number) => drawn.texts.push({ text, x, y }),
      fillRect: () => drawn.rects++,
      rect: () => drawn.rects++,
      measureText: (text: string) => ({ width: text.length * 7 }),
    } as Record<string, unknown>,
    // Every other method does nothing; every property can be set.
    { get: (target, key: string) => (key in target ? target[key] : () => undefined) },
  )
  const spies = [
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as never),
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width),
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height),
  ]
  return {
    drawn,
    restore: () => {
      for (const spy of spies) spy.mockRestore()
      drawn.texts.length = 0
      drawn.rects = 0
    },
  }
}
