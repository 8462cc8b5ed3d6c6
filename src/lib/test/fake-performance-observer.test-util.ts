// A PerformanceObserver the tests drive: it says which entry types it supports, records what it was
// asked to observe, and hands the entries a test gives it to the observer's callback, as the browser
// does once a long task is over.
type Entry = { startTime: number; duration: number; scripts?: readonly { invoker?: string; sourceURL?: string; sourceFunctionName?: string; duration?: number }[] }

export interface FakeObserverClass {
  new (callback: (list: { getEntries(): readonly Entry[] }) => void): { observe(options: { type: string; buffered?: boolean }): void; disconnect(): void }
  supportedEntryTypes: readonly string[]
  /** What the observers were asked to observe. */
  observed: { type: string; buffered?: boolean }[]
  /** Reports entries to every observer still connected. */
  report(...entries: Entry[]): void
}

export function fakePerformanceObserver(supportedEntryTypes: readonly string[]): FakeObserverClass {
  const live = new Set<(list: { getEntries(): readonly Entry[] }) => void>()
  class FakeObserver {
    static supportedEntryTypes = supportedEntryTypes
    static observed: { type: string; buffered?: boolean }[] = []
    static report(...entries: Entry[]): void {
      for (const callback of [...live]) callback({ getEntries: () => entries })
    }
    constructor(private readonly callback: (list: { getEntries(): readonly Entry[] }) => void) {}
    observe(options: { type: string; buffered?: boolean }): void {
      FakeObserver.observed.push(options)
      live.add(this.callback)
    }
    disconnect(): void {
      live.delete(this.callback)
    }
  }
  return FakeObserver
}
