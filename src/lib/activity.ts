// What the window was doing, to name a long task (docs/performance.md, "Seeing the stalls"). The hot
// paths run inside `withActivity(label, run)`: applying a market-feed batch, an account snapshot, a
// chart paint, a tab's first render. Each run is kept as a span (label, start, end) in a small ring;
// a long task reported afterwards (the browser reports it once it is over, when the label is long
// gone) is named by the spans that ran inside it. Cheap enough for every frame: two clock reads and
// three array writes, no allocation.

/** Spans kept: a long task is reported within a frame or two, and far fewer ran since. */
const SPANS = 64
const starts = new Float64Array(SPANS)
const ends = new Float64Array(SPANS)
const labels: string[] = Array.from({ length: SPANS }, () => '')
let next = 0
let clock: () => number = () => performance.now()

/** Runs `run` as `label`: a long task it falls in is named by it. */
export function withActivity<T>(label: string, run: () => T): T {
  const start = clock()
  try {
    return run()
  } finally {
    starts[next] = start
    ends[next] = clock()
    labels[next] = label
    next = (next + 1) % SPANS
  }
}

/**
 * The labels of what ran between `start` and `end` (the clock of performance.now(), as a long task's
 * entry has them), the one that took most of it first, each once.
 */
export function activitiesDuring(start: number, end: number): string[] {
  const time = new Map<string, number>()
  for (let i = 0; i < SPANS; i++) {
    const label = labels[i]!
    if (label === '') continue
    // A millisecond either side: the entries' times are rounded.
    const overlap = Math.min(ends[i]!, end + 1) - Math.max(starts[i]!, start - 1)
    if (overlap >= 0) time.set(label, (time.get(label) ?? 0) + overlap)
  }
  return [...time.entries()].sort((a, b) => b[1] - a[1]).map(([label]) => label)
}

/** Tests: another clock, and no spans kept. */
export function resetActivities(now: () => number = () => performance.now()): void {
  clock = now
  labels.fill('')
  next = 0
}
