// The window's long tasks, as the browser reports them (docs/performance.md, "Seeing the stalls"):
// Chromium's long animation frames where it has them, since each names the scripts that ran in it and
// covers any long task inside it; the Long Tasks API elsewhere (it names no script). What was running
// is the window's own labels first (activity.ts: a feed batch, a paint), then the frame's scripts,
// each cut to what the core accepts. Nothing is kept here: each task goes to `record`.
import { RUNNING_KEPT, RUNNING_TEXT_MAX, type LongTask, type LongTaskSource } from '@domain/diagnostics/diagnostics'
import { activitiesDuring } from './activity'

/** A script of a long animation frame, as Chromium reports it (not in TypeScript's DOM types yet). */
interface FrameScript {
  invoker?: string
  sourceURL?: string
  sourceFunctionName?: string
  duration?: number
}
type StallEntry = Pick<PerformanceEntry, 'startTime' | 'duration'> & { scripts?: readonly FrameScript[] }

type ObserverClass = {
  new (callback: (list: { getEntries(): readonly StallEntry[] }) => void): { observe(options: { type: string; buffered?: boolean }): void; disconnect(): void }
  readonly supportedEntryTypes?: readonly string[]
}

export interface StallRecorderOptions {
  record: (task: LongTask) => void
  /** The browser's PerformanceObserver (tests give a fake). */
  Observer?: ObserverClass | undefined
  /** performance.timeOrigin: entries' times are relative to it. */
  timeOrigin?: number
}

/** Scripts shorter than this are not what held the frame up. */
const SCRIPT_MIN_MS = 5

/** The file a script came from: its name alone, no path, query or fragment (a URL may carry a one-time code). */
function fileOf(url: string | undefined): string {
  if (!url) return ''
  const path = url.split(/[?#]/)[0] ?? ''
  return path.slice(path.lastIndexOf('/') + 1)
}

function scriptName(script: FrameScript): string {
  const where = [script.sourceFunctionName, fileOf(script.sourceURL)].filter(Boolean).join(' @ ')
  // A script's own evaluation is invoked by its URL (the page's, with its one-time code, for an inline one).
  const invoker = script.invoker && /^[a-z][a-z0-9+.-]*:/i.test(script.invoker) ? fileOf(script.invoker) || 'page' : script.invoker
  return [invoker || 'script', where && where !== invoker && `(${where})`].filter(Boolean).join(' ')
}

/** Printable, one line, at most what the core accepts. */
function clean(text: string): string {
  const flat = text.replace(/\p{Cc}+/gu, ' ').trim()
  return flat.length <= RUNNING_TEXT_MAX ? flat : `${flat.slice(0, RUNNING_TEXT_MAX - 1)}…`
}

export function runningOf(entry: StallEntry): string[] {
  const own = activitiesDuring(entry.startTime, entry.startTime + entry.duration)
  const scripts = [...(entry.scripts ?? [])]
    .filter((s) => (s.duration ?? 0) >= SCRIPT_MIN_MS)
    .sort((a, b) => (b.duration ?? 0) - (a.duration ?? 0))
    .map(scriptName)
  return [...new Set([...own, ...scripts].map(clean).filter((t) => t !== ''))].slice(0, RUNNING_KEPT)
}

/** Starts recording; returns the stop, or null where the browser reports no long task. */
export function recordStalls(options: StallRecorderOptions): (() => void) | null {
  const Observer = options.Observer ?? (globalThis.PerformanceObserver as unknown as ObserverClass | undefined)
  const supported = Observer?.supportedEntryTypes ?? []
  const source: LongTaskSource | null = supported.includes('long-animation-frame') ? 'long-animation-frame' : supported.includes('longtask') ? 'longtask' : null
  if (!Observer || !source) return null
  const origin = options.timeOrigin ?? performance.timeOrigin
  const observer = new Observer((list) => {
    for (const entry of list.getEntries()) {
      options.record({ at: Math.round(origin + entry.startTime), durationMs: Math.round(entry.duration), source, running: runningOf(entry) })
    }
  })
  observer.observe({ type: source, buffered: true })
  return () => observer.disconnect()
}
