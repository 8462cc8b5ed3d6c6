// `diagnostics`: the stalls as the window's core last wrote them (docs/performance.md, "Seeing the
// stalls"). The CLI runs in a process of its own and cannot ask that core, so it reads the file the
// core writes in the data directory at most every 10 s (core/diagnostics/diagnostics-file.ts). What
// no window or feed measured is said in words, never printed as empty figures; a file older than a
// minute is named as the last figures of a core that may have stopped.
import { TerminalError } from '../domain/errors'
import type { FeedLag, LongTask } from '../domain/diagnostics/diagnostics'
import { readDiagnosticsFile } from '../core/diagnostics/diagnostics-file'
import { resolveDataDir } from '../core/storage/data-dir'
import type { CliIo } from './io'

/** After this long without a write the core that wrote the file may have stopped. */
const STALE_AFTER_MS = 60_000
const LONG_TASKS_PRINTED = 50

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString())

interface PrintedTask {
  time: string
  durationMs: number
  /** What was running, most telling first; empty: not known. */
  running: string[]
  source: LongTask['source']
  window: string
}

export async function runDiagnostics(io: Pick<CliIo, 'env' | 'now'>): Promise<Record<string, unknown>> {
  const dataDir = resolveDataDir({ env: { ...io.env } as NodeJS.ProcessEnv, create: false })
  const read = await readDiagnosticsFile(dataDir)
  if (read.status === 'missing') {
    return {
      measured: false,
      file: read.path,
      message: 'No window has run on this data directory yet (no diagnostics file): start the app or `npm run dev`, use it, then ask again.',
    }
  }
  if (read.status === 'unreadable') {
    throw new TerminalError({ kind: 'storage', code: 'DIAGNOSTICS_UNREADABLE', message: `The diagnostics file ${read.path} cannot be used: ${read.problem}.` })
  }
  const { host, pid, report } = read.file
  const ageMs = Math.max(0, (io.now?.() ?? Date.now()) - report.takenAt)
  const longTasks: PrintedTask[] = report.windows
    .flatMap((w) => w.longTasks.map((t) => ({ time: new Date(t.at).toISOString(), at: t.at, durationMs: Math.round(t.durationMs), running: t.running, source: t.source, window: w.windowId })))
    .sort((a, b) => b.at - a.at)
    .slice(0, LONG_TASKS_PRINTED)
    .map(({ at: _at, ...task }) => task)
  return {
    measured: true,
    file: read.path,
    writtenBy: { host, pid },
    writtenAt: iso(report.takenAt),
    ageSeconds: Math.round(ageMs / 1000),
    ...(ageMs > STALE_AFTER_MS ? { note: `Written ${Math.round(ageMs / 1000)} s ago: the core that wrote it may have stopped; these are its last figures.` } : {}),
    measuringSince: iso(report.since),
    windows: report.windows.map((w) => ({ window: w.windowId, firstHeardAt: iso(w.firstReportAt), lastHeardAt: iso(w.lastReportAt), longTasks: w.longTasks.length })),
    longTasks: report.windows.length === 0 ? 'not measured: no window has reported to this core' : longTasks,
    feedLag: report.feedLag ? printedLag(report.feedLag) : 'not measured: no live-feed frame in the minute before the file was written',
    reconnects: {
      count: report.reconnects.count,
      lastLostAt: iso(report.reconnects.lastLostAt),
      lastReconnectedAt: iso(report.reconnects.lastReconnectedAt),
      recent: report.reconnects.recent.map((e) => ({ time: iso(e.at), kind: e.kind, reason: e.reason })),
    },
  }
}

function printedLag(lag: FeedLag): Record<string, unknown> {
  return {
    over: `the ${lag.frames} frames of the minute before the file was written`,
    p50Ms: lag.p50Ms,
    maxMs: lag.maxMs,
    clockCorrected: lag.clockCorrected,
    lastFrameAt: iso(lag.lastFrameAt),
  }
}
