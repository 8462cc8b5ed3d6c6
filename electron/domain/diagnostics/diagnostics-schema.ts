// The strict check of a window's long-task batch (`diagnostics.report`) and of the diagnostics file
// the CLI reads. The window may be compromised: every size and string is bounded, every number finite
// and within reason, and no key the contract does not name is accepted.
import { z } from 'zod'
import { LONG_TASKS_KEPT, RECONNECTS_KEPT, RUNNING_KEPT, RUNNING_TEXT_MAX, WINDOWS_KEPT } from './diagnostics'

/** Unix ms between 2000 and 2200: a clock reading, not any number. */
const epochMs = z.number().finite().min(946_684_800_000, 'A time in ms since 1970').max(7_258_118_400_000, 'A time in ms since 1970')
/** Printable text only: what is sent ends up in a file and a terminal. */
const label = z
  .string()
  .min(1)
  .max(RUNNING_TEXT_MAX, `At most ${RUNNING_TEXT_MAX} characters`)
  .regex(/^[^\p{Cc}]+$/u, 'Printable text only')

export const windowIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'A window id is 8 to 64 letters, digits or dashes')

export const longTaskSchema = z.strictObject({
  at: epochMs,
  // A task of more than ten minutes is not one a window lived through to report.
  durationMs: z.number().finite().min(0).max(600_000),
  source: z.enum(['longtask', 'long-animation-frame']),
  running: z.array(label).max(RUNNING_KEPT),
})

/** An empty batch is a window saying it runs: the report then tells "no long task" from "no window". */
export const longTaskBatchSchema = z.strictObject({
  windowId: windowIdSchema,
  longTasks: z.array(longTaskSchema).max(LONG_TASKS_KEPT),
})

const windowStallsSchema = z.strictObject({ windowId: windowIdSchema, firstReportAt: epochMs, lastReportAt: epochMs, longTasks: z.array(longTaskSchema).max(LONG_TASKS_KEPT) })
const lagMs = z.number().finite().min(-86_400_000).max(86_400_000)

export const diagnosticsReportSchema = z.strictObject({
  takenAt: epochMs,
  since: epochMs,
  windows: z.array(windowStallsSchema).max(WINDOWS_KEPT),
  feedLag: z.strictObject({ frames: z.number().int().min(1), p50Ms: lagMs, maxMs: lagMs, clockCorrected: z.boolean(), lastFrameAt: epochMs }).nullable(),
  reconnects: z.strictObject({
    count: z.number().int().min(0),
    lastLostAt: epochMs.nullable(),
    lastReconnectedAt: epochMs.nullable(),
    recent: z.array(z.strictObject({ at: epochMs, kind: z.enum(['lost', 'reconnected']), reason: z.string().max(200).nullable() })).max(RECONNECTS_KEPT),
  }),
})
