// The diagnostics file: <dataDir>/diagnostics.json, the core's report written for the CLI, which runs
// in a process of its own and cannot ask the window's core. Written atomically (atomic-file.ts), at
// most once every `everyMs` (default 10 s) and only after something was recorded, so it is at most
// that old while a core runs; bounded by the report's own bounds (diagnostics-schema.ts), a few tens of
// kilobytes at most. It holds no secret: long tasks, lag figures and the feed client's reasons only.
// Two cores on one data directory (the app and a web host) take turns: the last to write wins.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { HostKind } from '../../domain/api/api'
import type { DiagnosticsReport } from '../../domain/diagnostics/diagnostics'
import { diagnosticsReportSchema } from '../../domain/diagnostics/diagnostics-schema'
import { writeJsonAtomic } from '../storage/atomic-file'

export const DIAGNOSTICS_FILE = 'diagnostics.json'
export const DIAGNOSTICS_EVERY_MS = 10_000

const fileSchema = z.strictObject({ version: z.literal(1), host: z.enum(['electron', 'web', 'cli']), pid: z.number().int().min(0), report: diagnosticsReportSchema })
export type DiagnosticsFile = z.output<typeof fileSchema>

export type DiagnosticsRead = { status: 'ok'; path: string; file: DiagnosticsFile } | { status: 'missing'; path: string } | { status: 'unreadable'; path: string; problem: string }

export const diagnosticsPath = (dataDir: string): string => join(dataDir, DIAGNOSTICS_FILE)

export async function readDiagnosticsFile(dataDir: string): Promise<DiagnosticsRead> {
  const path = diagnosticsPath(dataDir)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing', path }
    return { status: 'unreadable', path, problem: `it could not be read (${(error as NodeJS.ErrnoException).code ?? String(error)})` }
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { status: 'unreadable', path, problem: 'it is not valid JSON' }
  }
  const parsed = fileSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { status: 'unreadable', path, problem: `it does not match the expected format${issue ? ` at ${issue.path.join('.') || 'the top'}: ${issue.message}` : ''}` }
  }
  return { status: 'ok', path, file: parsed.data }
}

export interface DiagnosticsWriter {
  /** Something was recorded: the file is written within `everyMs`. */
  changed(): void
  /** Writes now what is pending (the core's end). */
  flush(): Promise<void>
  stop(): void
}

export function createDiagnosticsWriter(options: { dataDir: string; host: HostKind; report: () => DiagnosticsReport; everyMs?: number; onError?: (error: unknown) => void }): DiagnosticsWriter {
  const everyMs = options.everyMs ?? DIAGNOSTICS_EVERY_MS
  let timer: NodeJS.Timeout | null = null
  let pending = false
  let writing: Promise<void> = Promise.resolve()

  const write = (): Promise<void> => {
    timer = null
    if (!pending) return writing
    pending = false
    const file: DiagnosticsFile = { version: 1, host: options.host, pid: process.pid, report: options.report() }
    writing = writing.then(() => writeJsonAtomic(diagnosticsPath(options.dataDir), file)).catch((error: unknown) => options.onError?.(error))
    return writing
  }

  return {
    changed() {
      pending = true
      if (timer) return
      timer = setTimeout(() => void write(), everyMs)
      timer.unref()
    },
    flush() {
      if (timer) clearTimeout(timer)
      return write()
    },
    stop() {
      if (timer) clearTimeout(timer)
      timer = null
      pending = false
    },
  }
}
