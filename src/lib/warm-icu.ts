// The browser's ICU, started on another thread while the window's first calls travel. A page's first
// Intl.NumberFormat costs 50-80 ms in Chromium (ICU loading its number data); the first chart's price
// label paid it inside the first paint, and making one on the main thread while the page waits for its
// answers held up whatever came in meanwhile (the session's code, the answers themselves). A worker
// made for it (icu-warm.worker.ts) pays it in parallel: the main thread's first formatter then takes
// ~0.1 ms. Where no worker can be made, the first formatter pays it as before.

type WorkerFactory = () => unknown

const icuWorker: WorkerFactory = () => new Worker(new URL('./icu-warm.worker.ts', import.meta.url), { type: 'module', name: 'icu-warm' })

/** Starts ICU off the main thread; true when a worker was made for it. */
export function warmIcuOffThread(make: WorkerFactory = icuWorker): boolean {
  if (typeof Worker === 'undefined') return false
  try {
    make()
    return true
  } catch {
    return false
  }
}
