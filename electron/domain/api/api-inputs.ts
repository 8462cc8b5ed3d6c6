// The zod schema of every TerminalApi method's input: where a payload enters the main process it is
// checked against its method's schema here, so one that does not match never reaches the core.
// The profile form and the CLI use the same schemas, so their field errors are the core's.
// The table is checked against the one name list (api-names.ts): a method without a schema, or a
// schema without a method, does not compile.
import { z } from 'zod'
import type { MethodName } from './api-names'
import { candleIntervalSchema } from '../wire/wire'
import { orderDraftSchema } from '../orders/orders'
import { baseUrlProblem, feedUrlProblem } from '../origin'
import { accountOrdersInput, accountTradesInput } from './history-api'
import { journalGetInput, journalNoteInput, journalPictureInput } from './journal-api'
import { indicatorPatchSchema, layoutInputSchema } from '../prefs/chart-prefs-schema'
import { arrangementSchema, workspacesSchema } from '../prefs/workspace-schema'
import { MAX_PANES } from '../prefs/workspace'
import { ladderPrefsInputSchema } from '../prefs/ladder-prefs-schema'
import { alertDraftSchema } from '../alerts/alerts'
import { drawingDeleteInput, drawingShapeSchema, drawingsListInput } from '../drawings/drawings'
import { positionModifySchema, protectInputSchema } from '../risk/protect-plan'
import { riskLimitsSchema } from '../risk/risk-limits-schema'
import { longTaskBatchSchema } from '../diagnostics/diagnostics-schema'
import { algoStartSchema } from '../algos/algo-input'
import { PANE_HOLDERS, popoutFillInput, popoutOpenInput, popoutPlaceInput, popoutPlaceSchema } from '../popouts/popouts'

const noInput = z.undefined()
const id = z.string().min(1).max(64)
const profileName = z.string().trim().min(1, 'Give the profile a name').max(60)
const baseUrl = z
  .string()
  .trim()
  .max(300)
  .url('Enter a URL like https://exchange.example/api/v3')
  // Where the key and secret will travel: https, or plain http to this computer only; no user:pass@.
  .superRefine((url, ctx) => {
    const problem = baseUrlProblem(url)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
/** The live feed's own address (absent: the one beside the base URL, …/api/v3 → …/alp-ws). */
const feedUrl = z
  .string()
  .trim()
  .max(300)
  .url({ protocol: /^wss?$/, message: 'Enter a URL like wss://exchange.example/alp-ws, or leave it empty.' })
  .superRefine((url, ctx) => {
    const problem = feedUrlProblem(url, null)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
const secretText = z.string().trim().min(8, 'Too short').max(256)
const pairName = z.string().regex(/^[A-Z0-9]{1,20}_[A-Z0-9]{1,20}$/, 'A pair looks like BTC_USDT')
const paneHolder = z.enum(PANE_HOLDERS)
const unixSeconds = z.number().int().min(0).max(99_999_999_999)

export const profileInputSchema = z.strictObject({
  name: profileName,
  baseUrl,
  feedUrl: feedUrl.optional(),
  apiKey: secretText,
  apiSecret: secretText,
})
export type ProfileInput = z.output<typeof profileInputSchema>

export const methodInputs = {
  'app.info': noInput,
  'prefs.get': noInput,
  'prefs.set': z.strictObject({
    theme: z.enum(['dark', 'light']).optional(),
    pair: pairName.optional(),
    interval: candleIntervalSchema.optional(),
    confirmOrders: z.boolean().optional(),
    hideZeroBalances: z.boolean().optional(),
    timeZone: z.enum(['local', 'utc']).optional(),
    panicHotkey: z.boolean().optional(),
    positionNotifications: z.boolean().optional(),
    layout: layoutInputSchema.optional(),
    // One chart's indicators (pair|interval) at a time.
    indicators: indicatorPatchSchema.optional(),
    // The charts' arrangement and the named workspaces, each written whole (docs/workspaces.md).
    charts: arrangementSchema.optional(),
    workspaces: workspacesSchema.optional(),
    // The ladder's whole section at once (it is small), checked field by field.
    ladder: ladderPrefsInputSchema.optional(),
  }),

  'profiles.list': noInput,
  'profiles.create': profileInputSchema,
  'profiles.update': z.strictObject({
    id,
    name: profileName.optional(),
    baseUrl: baseUrl.optional(),
    /** '': back to the feed beside the base URL. */
    feedUrl: z.union([z.literal(''), feedUrl]).optional(),
    apiKey: secretText.optional(),
    apiSecret: secretText.optional(),
  }),
  'profiles.remove': z.strictObject({ id }),
  'profiles.activate': z.strictObject({ id }),
  /** Tests a saved profile ({id}) or unsaved form values (all three of baseUrl, apiKey, apiSecret). */
  'profiles.test': z.union([z.strictObject({ id }), z.strictObject({ baseUrl, apiKey: secretText, apiSecret: secretText })]),

  'session.get': noInput,
  'accounts.select': z.strictObject({ accountId: z.number().int().min(0) }),

  'market.currencies': noInput,
  'market.pairs': noInput,
  'market.ticker': z.strictObject({ pair: pairName.optional() }).optional(),
  'market.orderbook': z.strictObject({ pair: pairName, limit: z.number().int().min(1).max(500).optional() }),
  'market.candles': z.strictObject({
    pair: pairName,
    interval: candleIntervalSchema,
    since: unixSeconds.optional(),
    until: unixSeconds.optional(),
    limit: z.number().int().min(1).max(500).optional(),
  }),
  'market.trades': z.strictObject({ pair: pairName, limit: z.number().int().min(1).max(1000).optional() }),
  /** The cached snapshot of a pair and interval and the cached pair list of the active exchange: disk only. */
  'market.cached': z.strictObject({ pair: pairName, interval: candleIntervalSchema }),
  'market.cachedStart': noInput,
  /** Starts the feed of one pair and interval (replacing the previous one) and returns its first snapshot. */
  'market.subscribe': z.strictObject({ pair: pairName, interval: candleIntervalSchema }),
  'market.unsubscribe': noInput,
  'market.start': noInput,
  /** An extra chart pane's feed (panes 1–3; pane 0 is market.subscribe's): replaces that pane's, returns its first snapshot. */
  'market.paneSubscribe': z.strictObject({
    pane: z
      .number()
      .int()
      .min(1)
      .max(MAX_PANES - 1),
    pair: pairName,
    interval: candleIntervalSchema,
    /** Which window's pane: the main window's, or a pop-out's (each its own feed, so they never end each other's). */
    holder: paneHolder.optional(),
  }),
  'market.paneUnsubscribe': z.strictObject({
    pane: z
      .number()
      .int()
      .min(1)
      .max(MAX_PANES - 1),
    holder: paneHolder.optional(),
  }),

  /** Balances, fee rules and recent orders of the selected account, fetched now. */
  'account.snapshot': noInput,
  /** The account's orders in a time range (read in 30-day windows), with pair, side and status filters. */
  'account.orders': accountOrdersInput,
  /** The account's own fills of one pair in a time range (read in 30-day windows). */
  'account.trades': accountTradesInput,

  /**
   * Saves an export where the trader chooses in a save dialog (Electron only: the main process asks
   * and writes; the renderer never sees the path). Other hosts answer 'unsupported' and the window
   * downloads the file instead.
   */
  'files.saveText': z.strictObject({ suggestedName: z.string().min(1).max(200), text: z.string().max(50_000_000) }),
  'orders.validate': orderDraftSchema,
  'orders.place': orderDraftSchema,
  'orders.cancel': z.union([z.strictObject({ order_ids: z.array(z.number().int().min(0)).min(1).max(100) }), z.strictObject({ pair: pairName }), z.strictObject({ all: z.literal(true) })]),
  /** Moves an open limit order to a new price: cancel, confirm, place the unfilled rest (move-order.ts). */
  'orders.move': z.strictObject({
    orderId: z.number().int().positive(),
    pair: pairName,
    price: z
      .string()
      .max(64)
      .regex(/^\d+(\.\d+)?$/, 'A price is a positive decimal number, e.g. 43000.5'),
  }),

  /** The active profile's alerts: armed ones and their history (fired, cancelled). */
  'alerts.list': noInput,
  'alerts.create': alertDraftSchema,
  'alerts.cancel': z.strictObject({ id }),
  /** The active profile's drawings on a pair (docs/drawings.md). */
  'drawings.list': drawingsListInput,
  /** Adds or replaces (by id) one drawing of the active profile; the core's store checks it across fields too. */
  'drawings.save': drawingShapeSchema,
  /** Deletes a drawing and cancels the alerts that follow it. */
  'drawings.delete': drawingDeleteInput,

  /** Every account of the active profile (master and sub-accounts), or of every stored profile, valued in `quote`. */
  'portfolio.get': z.strictObject({
    quote: z.string().regex(/^[A-Z0-9]{1,20}$/, 'A currency looks like USDT'),
    scope: z.enum(['profile', 'all']),
  }),
  /** Every account's open orders: the active key's accounts ('profile') or every stored profile's. */
  'blotter.get': z.strictObject({ scope: z.enum(['profile', 'all']) }),
  /** One order, cancelled through the profile that holds its account's key. */
  'blotter.cancel': z.strictObject({ profileId: id, orderId: z.number().int().positive() }),
  /** The panic button: every open order of one account, of the active key's accounts, or of every profile. */
  'orders.cancelAll': z
    .strictObject({ scope: z.enum(['account', 'profile', 'all']), accountId: z.number().int().optional() })
    .refine((input) => input.scope !== 'account' || input.accountId !== undefined, { message: 'Say which account', path: ['accountId'] }),
  /** The active key's accounts' recorded equity. */
  'equity.get': noInput,

  /** The active profile's protected positions (docs/positions.md), open and past. */
  'positions.list': noInput,
  /** Opens a protected position: an entry (LIMIT, MARKET, or coins HELD) with its stop, take-profits, trailing, breakeven. */
  'positions.protect': protectInputSchema,
  /** Closes by hand: cancels the entry and every exit, sells what is held. */
  'positions.close': z.strictObject({ id }),
  /** Cancels a position nothing of which was bought yet. */
  'positions.cancel': z.strictObject({ id }),

  /** An account's risk limits (the selected one, or `accountId` of the active profile's tree) and the figures they are checked against. */
  'limits.get': z.strictObject({ accountId: z.number().int().min(0).optional() }).optional(),
  /** Sets an account's risk limits (the selected one, or `accountId`; the whole set: a null field is no limit). */
  'limits.set': z.strictObject({ limits: riskLimitsSchema, accountId: z.number().int().min(0).optional() }),
  /** The trader has seen a position's `attention` (a target or stop crossed while no keeper ran) and carries on. */
  'positions.acknowledge': z.strictObject({ id }),
  /** Moves a live position's stop or waiting targets (checked against the last price: protection/levels.ts). */
  'positions.modify': positionModifySchema,

  /** A window's long tasks the core has not had yet (docs/performance.md, "Seeing the stalls"): bounded, checked strictly. */
  'diagnostics.report': longTaskBatchSchema,
  /** The stalls the core knows of: each window's long tasks, the live feed's lag and its reconnects. */
  'diagnostics.get': noInput,
  /** The selected account's closed trades explained in R, and the statistics over them (docs/journal.md). */
  'journal.get': journalGetInput,
  /** The trader's tags and note on one trade of the selected account (kept in the data directory). */
  'journal.note': journalNoteInput,

  /** The active profile's execution algorithms (docs/algos.md), going and past. */
  'algos.list': noInput,
  /** Starts a TWAP, iceberg, scaled or chase, kept by the positions' keeper. */
  'algos.start': algoStartSchema,
  /** Sends nothing more until resumed; what rests stays. */
  'algos.pause': z.strictObject({ id }),
  'algos.resume': z.strictObject({ id }),
  /** Removes what rests and ends it cancelled. */
  'algos.cancel': z.strictObject({ id }),
  /** The picture of one closed trade's chart the core saved when it closed (docs/journal.md), or null. */
  'journal.picture': journalPictureInput,

  /** The panels in windows of their own (docs/popouts.md), and a warning when their file was damaged. */
  'popouts.list': noInput,
  /** Pops a panel out (or changes what its window shows): kept by the core, told to every window. */
  'popouts.open': popoutOpenInput,
  /** Puts a panel back in the main window. */
  'popouts.close': popoutPlaceSchema,
  /** Where a pop-out's window stands now (remembered for the next start). */
  'popouts.place': popoutPlaceInput,
  /** A price clicked in a popped-out book, told to the main window's order form (it fills, never sends). */
  'popouts.fill': popoutFillInput,
} as const satisfies Record<MethodName, z.ZodType>
