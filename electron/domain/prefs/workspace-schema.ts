// The zod schemas of the chart arrangement and the named workspaces (workspace.ts has the shapes):
// what prefs.set accepts, how the saved file is read (tolerantly: a bad field falls back, a bad
// workspace is dropped), and what an imported workspace file must be (strictly: a bad file changes
// nothing and says what is wrong).
import { z } from 'zod'
import { candleIntervalSchema } from '../wire/wire'
import { indicatorPrefSchema } from './chart-prefs-schema'
import { MAX_INDICATORS } from './chart-prefs'
import {
  BOTTOM_TABS,
  CHART_LAYOUTS,
  DEFAULT_ARRANGEMENT,
  LINK_COLORS,
  MAX_PANES,
  MAX_WORKSPACES,
  WORKSPACE_FILE_FORMAT,
  WORKSPACE_NAME_PATTERN,
  type ChartArrangement,
  type Workspace,
} from './workspace'

const pairName = z.string().regex(/^[A-Z0-9]{1,20}_[A-Z0-9]{1,20}$/, 'A pair looks like BTC_USDT')

export const workspaceNameSchema = z.string().trim().regex(WORKSPACE_NAME_PATTERN, 'A workspace name is 1–40 letters, digits, spaces, _ or -, starting with a letter or digit')

export const chartPaneSchema = z.strictObject({ pair: pairName, interval: candleIntervalSchema, link: z.enum(LINK_COLORS) })

const px = z.number().int().min(-100_000).max(100_000)
export const popoutSchema = z.strictObject({
  panel: z.enum(['chart', 'book', 'trades']),
  pane: z
    .number()
    .int()
    .min(0)
    .max(MAX_PANES - 1)
    .optional(),
  pair: pairName.optional(),
  bounds: z.strictObject({ x: px, y: px, width: z.number().int().min(100).max(100_000), height: z.number().int().min(100).max(100_000) }).optional(),
})

export const arrangementSchema = z.strictObject({
  layout: z.enum(CHART_LAYOUTS),
  panes: z.array(chartPaneSchema).length(MAX_PANES, `A workspace has exactly ${MAX_PANES} chart panes`),
  bottomTab: z.enum(BOTTOM_TABS),
  popouts: z.array(popoutSchema).max(8),
})

export const workspaceSchema = arrangementSchema.extend({
  name: workspaceNameSchema,
  indicators: z.array(z.array(indicatorPrefSchema).max(MAX_INDICATORS)).max(MAX_PANES),
  savedAt: z.number().int().min(0),
})

/** What prefs.set takes; a name repeated (any case) is kept once, the first, when stored (readWorkspaces). */
export const workspacesSchema = z.array(workspaceSchema).max(MAX_WORKSPACES)

/** An exported workspace file. */
export const workspaceFileSchema = z.strictObject({
  format: z.literal(WORKSPACE_FILE_FORMAT, { error: `Not a workspace file (its "format" must be "${WORKSPACE_FILE_FORMAT}")` }),
  version: z.literal(1, { error: 'A workspace file of another version' }),
  workspace: workspaceSchema,
})
export type WorkspaceFile = z.output<typeof workspaceFileSchema>

/** The saved arrangement, or the default one when it is missing or damaged. */
export function readArrangement(value: unknown): ChartArrangement {
  const parsed = arrangementSchema.safeParse(value)
  return parsed.success ? parsed.data : structuredClone(DEFAULT_ARRANGEMENT)
}

/** The saved workspaces, each valid one kept (a damaged one is dropped, a repeated name kept once). */
export function readWorkspaces(value: unknown): Workspace[] {
  if (!Array.isArray(value)) return []
  const out: Workspace[] = []
  for (const entry of value) {
    const parsed = workspaceSchema.safeParse(entry)
    if (!parsed.success || out.some((w) => w.name.toLowerCase() === parsed.data.name.toLowerCase())) continue
    out.push(parsed.data)
    if (out.length >= MAX_WORKSPACES) break
  }
  return out
}
