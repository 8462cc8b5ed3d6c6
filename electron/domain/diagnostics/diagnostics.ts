// What "see the stalls" records (docs/performance.md, "Seeing the stalls"): the window's long tasks,
// which the window forwards to the core, and the live feed's lag and reconnects, which the core
// measures; one report of all three for the window's Diagnostics panel and the CLI's `diagnostics`.
// Types and bounds only, no zod: the window imports these (the schemas are diagnostics-schema.ts).

/** How many long tasks a window keeps, and the core keeps of each window. */
export const LONG_TASKS_KEPT = 50
/** How many windows the core keeps a record of (the least recently heard from goes first). */
export const WINDOWS_KEPT = 4
/** How many names of what was running one long task keeps. */
export const RUNNING_KEPT = 5
/** The longest name of what was running (longer ones are cut, in the window, before they are sent). */
export const RUNNING_TEXT_MAX = 120
/** How many reconnect events the core keeps. */
export const RECONNECTS_KEPT = 20
/** The feed lag's figures are over the frames of the last minute. */
export const FEED_LAG_WINDOW_MS = 60_000

/** Which browser measurement saw the task: the Long Tasks API, or Chromium's long animation frames (which name the scripts). */
export type LongTaskSource = 'longtask' | 'long-animation-frame'

/** One stretch of at least 50 ms in which the window's main thread could answer nothing. */
export interface LongTask {
  /** When it started, ms since the epoch (the window's clock). */
  at: number
  durationMs: number
  source: LongTaskSource
  /** What was running, most telling first: the window's own labels (a feed batch, a paint), then the scripts a frame names; empty: not known. */
  running: string[]
}

/** The long tasks of one window session (one page load), newest first. */
export interface WindowStalls {
  windowId: string
  /** When the core first heard from this window, and last. */
  firstReportAt: number
  lastReportAt: number
  longTasks: LongTask[]
}

/** How late the live feed's frames arrive: their arrival less the exchange's time in them. */
export interface FeedLag {
  /** Frames over which the figures are (those of the last minute). */
  frames: number
  p50Ms: number
  maxMs: number
  /** Corrected by the clock difference the exchange client measured (GET /time); false: not known, so any difference between the clocks is in the figures. */
  clockCorrected: boolean
  lastFrameAt: number
}

export interface ReconnectEvent {
  at: number
  /** lost: a live feed's connection ended; reconnected: it is live again. */
  kind: 'lost' | 'reconnected'
  /** Why it was lost, in the feed client's words (never a token). */
  reason: string | null
}

export interface Reconnects {
  /** Times the feed came back after being lost, since the core started. */
  count: number
  lastLostAt: number | null
  lastReconnectedAt: number | null
  /** The last few, newest first. */
  recent: ReconnectEvent[]
}

/** Everything the core knows of the stalls: what the Diagnostics panel and the CLI show. */
export interface DiagnosticsReport {
  /** When the core made this report. */
  takenAt: number
  /** Since when the core has measured. */
  since: number
  /** The windows that reported long tasks, most recently heard from first; empty: none did. */
  windows: WindowStalls[]
  /** null: no live-feed frame in the last minute (no feed, or not connected). */
  feedLag: FeedLag | null
  reconnects: Reconnects
}

/** What a window sends: its id (one per page load) and the long tasks the core has not had yet (none: the window says it runs). */
export interface LongTaskBatch {
  windowId: string
  longTasks: LongTask[]
}
