// The core's diagnostics (docs/performance.md, "Seeing the stalls"): the windows' long tasks they
// report (`diagnostics.report`, checked against the contract's strict schema before it gets here), the
// live feed's lag and reconnects (the live link tells `feed`), the report of all three
// (`diagnostics.get`), and the diagnostics file the CLI reads (diagnostics-file.ts).
import type { HostKind } from '../../domain/api/api'
import type { DiagnosticsReport } from '../../domain/diagnostics/diagnostics'
import type { HandlersOf } from '../handlers'
import type { Logger } from '../storage/logger'
import { createDiagnosticsWriter } from './diagnostics-file'
import { createFeedWatch, type FeedWatch } from './feed-watch'
import { createStallRecord } from './stall-record'

export interface DiagnosticsDeps {
  dataDir: string
  host: HostKind
  now: () => number
  logger?: Logger | undefined
  /** How often the file may be written (default 10 s); null: never (tests that do not want the file). */
  writeEveryMs?: number | null
}

export interface TerminalDiagnostics {
  handlers: HandlersOf<'diagnostics.report' | 'diagnostics.get'>
  feed: FeedWatch
  /** Writes what is pending and stops the timer. */
  dispose(): Promise<void>
}

export function createDiagnostics(deps: DiagnosticsDeps): TerminalDiagnostics {
  const since = deps.now()
  const stalls = createStallRecord()
  const feed = createFeedWatch(deps.now)
  const report = (): DiagnosticsReport => ({ takenAt: deps.now(), since, windows: stalls.windows(), feedLag: feed.lag(), reconnects: feed.reconnects() })
  const writer =
    deps.writeEveryMs === null
      ? null
      : createDiagnosticsWriter({
          dataDir: deps.dataDir,
          host: deps.host,
          report,
          ...(deps.writeEveryMs !== undefined ? { everyMs: deps.writeEveryMs } : {}),
          onError: (error) => deps.logger?.warn('diagnostics file', { error: String(error) }),
        })
  feed.onChange(() => writer?.changed())

  return {
    handlers: {
      async 'diagnostics.report'(batch) {
        const recorded = stalls.report(batch, deps.now())
        writer?.changed()
        return { recorded }
      },
      'diagnostics.get': async () => report(),
    },
    feed,
    async dispose() {
      await writer?.flush()
      writer?.stop()
    },
  }
}
