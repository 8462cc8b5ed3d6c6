// The order book panel without the app around it: the renderer's OrderBook.vue fed the way the book
// store feeds it — every book replaces the levels, and the store applies the newest book once a
// frame (frameScheduler). `__bench.run(rate, seconds)` sends `rate` book diffs a second (a few levels
// change, appear or go each time, on a 100-level book) and counts the frames painted meanwhile.
import { createApp, h, shallowRef } from 'vue'
import type { BookLevel } from '@domain/market/order-book'
import { frameScheduler } from '@/stores/market/market-merge'
import OrderBook from '@/features/book/OrderBook.vue'

const asks = shallowRef<BookLevel[]>([])
const bids = shallowRef<BookLevel[]>([])
let s = 11
const rnd = () => ((s = (s * 1664525 + 1013904223) >>> 0), s / 2 ** 32)
const side = (from: number, step: number) => Array.from({ length: 100 }, (_, i) => ({ price: (from + step * i).toFixed(2), amount: (0.001 + rnd()).toFixed(6) }))
let nextAsks = side(63_010, 0.5)
let nextBids = side(63_000, -0.5)
const flush = frameScheduler('order book batch', () => {
  asks.value = nextAsks
  bids.value = nextBids
})
flush()

/** One diff: three levels a side change amount, one may vanish and come back. */
function diff(): void {
  const change = (levels: BookLevel[]) => {
    const out = levels.slice()
    for (let k = 0; k < 3; k++) {
      const i = Math.floor(rnd() * 20)
      out[i] = { price: out[i]!.price, amount: rnd() < 0.1 ? '0.000001' : (0.001 + rnd()).toFixed(6) }
    }
    return out
  }
  nextAsks = change(nextAsks)
  nextBids = change(nextBids)
  flush()
}

createApp({ render: () => h(OrderBook, { asks: asks.value, bids: bids.value, pricePrecision: 2, amountPrecision: 6, own: [{ price: '63001.00', side: 'SELL', amount: '0.5' }] }) }).mount('#book')

const bench = {
  async run(rate: number, seconds: number): Promise<{ fps: number[]; diffs: number }> {
    const frames: number[] = []
    let going = true
    const loop = (t: number) => {
      frames.push(t)
      if (going) requestAnimationFrame(loop)
    }
    requestAnimationFrame(loop)
    let diffs = 0
    const timer = setInterval(() => {
      diff()
      diffs++
    }, 1000 / rate)
    await new Promise((r) => setTimeout(r, seconds * 1000))
    clearInterval(timer)
    going = false
    const start = frames[0] ?? 0
    const fps = Array.from({ length: seconds }, (_, w) => frames.filter((t) => t >= start + w * 1000 && t < start + (w + 1) * 1000).length)
    return { fps, diffs }
  },
}
;(window as unknown as { __bench: typeof bench }).__bench = bench
document.title = 'ready'
