// The zod schemas of the ladder's preferences (ladder-prefs.ts has the shapes): what prefs.set accepts
// (strict) and how a saved file is read (tolerant: a damaged entry falls back to its default and never
// arms a hotkey). Only the core imports them.
import { z } from 'zod'
import { DEFAULT_LADDER_HOTKEYS, DEFAULT_LADDER_PREFS, LADDER_ACTIONS, MAX_LADDER_PRESETS, MAX_LADDER_STEPS, type LadderAction, type LadderPrefs } from './ladder-prefs'

/** A decimal above 0 as plain text, at most 18 places: a size or a step (the pattern alone says it). */
export const positiveDecimal = z
  .string()
  .max(40)
  .regex(/^(?:[1-9]\d{0,20}(?:\.\d{1,18})?|0\.\d{0,8}[1-9]\d{0,9})$/, 'A plain decimal number above 0, like 0.01')

/** One pair's chosen step (the pair written as the API writes it: BTC_USDT). */
const stepEntry = z.strictObject({
  pair: z.string().regex(/^[A-Z0-9]{1,20}_[A-Z0-9]{1,20}$/, 'A pair looks like BTC_USDT'),
  step: positiveDecimal,
})

/** "alt+shift+b", "mod+alt+f", "f2": modifiers in this order, then one key. */
export const hotkeyComboSchema = z
  .string()
  .max(40)
  .regex(/^(mod\+)?(alt\+)?(shift\+)?([a-z0-9]|f([1-9]|1[0-2])|arrowup|arrowdown|arrowleft|arrowright|pageup|pagedown|home|end|insert|delete|[-=[\];',./`\\])$/, 'A hotkey looks like alt+b or f2')

const hotkeysShape = Object.fromEntries(LADDER_ACTIONS.map((action) => [action, hotkeyComboSchema.nullable()])) as Record<LadderAction, z.ZodNullable<typeof hotkeyComboSchema>>

/**
 * What prefs.set takes: the whole ladder section, checked field by field. A chosen preset beyond the
 * list is taken as the first (the file's reading and the window both clamp it).
 */
export const ladderPrefsInputSchema = z
  .strictObject({
    presets: z.array(positiveDecimal).min(1).max(MAX_LADDER_PRESETS),
    preset: z
      .number()
      .int()
      .min(0)
      .max(MAX_LADDER_PRESETS - 1),
    steps: z.array(stepEntry).max(MAX_LADDER_STEPS),
    hotkeys: z.strictObject(hotkeysShape),
    view: z.enum(['book', 'ladder']),
  })
  .refine((p) => new Set(Object.values(p.hotkeys).filter((k) => k !== null)).size === Object.values(p.hotkeys).filter((k) => k !== null).length, {
    message: 'Two actions cannot share one hotkey',
    path: ['hotkeys'],
  })

/** A saved file's ladder section: each part that does not read falls back to its default. */
export const ladderPrefsFileSchema = z
  .object({
    presets: z.array(positiveDecimal).min(1).max(MAX_LADDER_PRESETS).catch(DEFAULT_LADDER_PREFS.presets),
    preset: z.number().int().min(0).catch(0),
    // The one global grouping of the first ladder (`grouping`) is not read: each pair starts automatic.
    steps: z.array(stepEntry.strip().nullable().catch(null)).max(MAX_LADDER_STEPS).catch([]),
    hotkeys: z
      .object(Object.fromEntries(LADDER_ACTIONS.map((action) => [action, hotkeyComboSchema.nullable().catch(null)])) as Record<LadderAction, z.ZodCatch<z.ZodNullable<typeof hotkeyComboSchema>>>)
      .catch(DEFAULT_LADDER_HOTKEYS),
    view: z.enum(['book', 'ladder']).catch('book'),
  })
  .transform((p): LadderPrefs => ({ ...p, preset: p.preset < p.presets.length ? p.preset : 0, steps: p.steps.filter((s) => s !== null) }))
  .catch(DEFAULT_LADDER_PREFS)
