// `npm run cli -- diagnostics`, in-process: the stalls as a core wrote them to the data directory (the
// core's own writer makes the file here), and words instead of empty figures where nothing was measured.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { createDiagnostics } from '../core/diagnostics/terminal-diagnostics'
import { EXIT, runCli } from './run'

const T0 = Date.UTC(2026, 0, 31, 12)
let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cli-diagnostics-'))
  return () => rmSync(dir, { recursive: true, force: true })
})

async function cli(now = T0 + 5_000) {
  let stdout = ''
  let stderr = ''
  const code = await runCli(['diagnostics'], { env: { TERMINAL_DATA_DIR: dir }, stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, now: () => now })
  const json = (t: string) => (t ? (JSON.parse(t) as Record<string, unknown>) : {})
  return { code, out: json(stdout), error: (json(stderr).error ?? {}) as Record<string, unknown> }
}

/** A core's diagnostics as a window and a feed made them, written to `dir` at its end. */
async function coreWrote(make: (d: ReturnType<typeof createDiagnostics>, clock: { t: number }) => Promise<void>): Promise<void> {
  const clock = { t: T0 - 30_000 }
  const diagnostics = createDiagnostics({ dataDir: dir, host: 'electron', now: () => clock.t, writeEveryMs: 60_000 })
  await make(diagnostics, clock)
  await diagnostics.dispose()
}

describe('npm run cli -- diagnostics', () => {
  it('prints the last long tasks with their time, duration and what was running, the feed’s lag and its reconnects', async () => {
    await coreWrote(async (d, clock) => {
      await d.handlers['diagnostics.report']({ windowId: 'window-one', longTasks: [{ at: T0 - 20_000, durationMs: 121.6, source: 'longtask', running: ['market feed batch'] }] })
      await d.handlers['diagnostics.report']({ windowId: 'window-one', longTasks: [{ at: T0 - 10_000, durationMs: 75, source: 'long-animation-frame', running: [] }] })
      const link = d.feed.link()
      link.status(true, null)
      clock.t = T0 - 5_000
      link.status(false, 'connection closed (1006)')
      clock.t = T0 - 2_000
      link.status(true, null)
      for (const late of [40, 10, 30]) link.frame((clock.t - late) / 1000, null)
      clock.t = T0
    })
    const { code, out } = await cli()
    expect(code).toBe(EXIT.ok)
    expect(out).toMatchObject({
      measured: true,
      writtenBy: { host: 'electron' },
      writtenAt: new Date(T0).toISOString(),
      ageSeconds: 5,
      longTasks: [
        { time: new Date(T0 - 10_000).toISOString(), durationMs: 75, running: [], source: 'long-animation-frame', window: 'window-one' },
        { time: new Date(T0 - 20_000).toISOString(), durationMs: 122, running: ['market feed batch'], source: 'longtask', window: 'window-one' },
      ],
      feedLag: { p50Ms: 30, maxMs: 40, clockCorrected: false, over: 'the 3 frames of the minute before the file was written' },
      reconnects: {
        count: 1,
        lastLostAt: new Date(T0 - 5_000).toISOString(),
        lastReconnectedAt: new Date(T0 - 2_000).toISOString(),
        recent: [{ kind: 'reconnected' }, { kind: 'lost', reason: 'connection closed (1006)' }],
      },
    })
    expect(out).not.toHaveProperty('note')
  })

  it('says that no window ran, rather than printing empty figures', async () => {
    const { code, out } = await cli()
    expect(code).toBe(EXIT.ok)
    expect(out).toEqual({ measured: false, file: join(dir, 'diagnostics.json'), message: expect.stringContaining('No window has run on this data directory') })
  })

  it('says what was not measured: no window reported, no feed frame; and that an old file may be a stopped core’s', async () => {
    await coreWrote(async (d, clock) => {
      const link = d.feed.link()
      link.status(true, null)
      link.status(false, 'connection closed (1006)') // something recorded: the file is written
      clock.t = T0
    })
    const { out } = await cli(T0 + 600_000)
    expect(out).toMatchObject({
      measured: true,
      longTasks: 'not measured: no window has reported to this core',
      feedLag: 'not measured: no live-feed frame in the minute before the file was written',
      note: expect.stringContaining('Written 600 s ago: the core that wrote it may have stopped'),
    })
  })

  it('a window that had no long task is one that reported none', async () => {
    await coreWrote(async (d) => void (await d.handlers['diagnostics.report']({ windowId: 'window-calm', longTasks: [] })))
    expect((await cli()).out).toMatchObject({ longTasks: [], windows: [{ window: 'window-calm', longTasks: 0 }] })
  })

  it('refuses a damaged file with a clear error', async () => {
    writeFileSync(join(dir, 'diagnostics.json'), '{"version": 1, "host": "web"')
    const { code, error } = await cli()
    expect(code).toBe(EXIT.failed)
    expect(error).toMatchObject({ kind: 'storage', code: 'DIAGNOSTICS_UNREADABLE', message: expect.stringContaining('is not valid JSON') })
  })
})
