// The Limits tab's form as text fields, and back: empty is "no limit". Checked with the core's own
// schema (riskLimitsSchema), so a value the form accepts is one limits.set accepts, and each problem
// lands on its field.
import type { RiskLimits } from '@domain/risk/risk-limits'
import { riskLimitsSchema } from '@domain/risk/risk-limits-schema'

export interface LimitsForm {
  currency: string
  maxOrderValue: string
  maxOpenValue: string
  maxOpenOrders: string
  dailyLoss: string
}

export type LimitsField = keyof LimitsForm

export const formOf = (limits: RiskLimits | null): LimitsForm => ({
  currency: limits?.currency ?? 'USDT',
  maxOrderValue: limits?.maxOrderValue ?? '',
  maxOpenValue: limits?.maxOpenValue ?? '',
  maxOpenOrders: limits?.maxOpenOrders === null || limits?.maxOpenOrders === undefined ? '' : String(limits.maxOpenOrders),
  dailyLoss: limits?.dailyLoss ?? '',
})

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim())

/** The limits the form says, or each field's problem. */
export function limitsOf(form: LimitsForm): { ok: true; limits: RiskLimits } | { ok: false; errors: Partial<Record<LimitsField, string>> } {
  const count = orNull(form.maxOpenOrders)
  if (count !== null && !/^\d+$/.test(count)) return { ok: false, errors: { maxOpenOrders: 'A whole number, 0 or more' } }
  const parsed = riskLimitsSchema.safeParse({
    currency: form.currency.trim().toUpperCase(),
    maxOrderValue: orNull(form.maxOrderValue),
    maxOpenValue: orNull(form.maxOpenValue),
    maxOpenOrders: count === null ? null : Number(count),
    dailyLoss: orNull(form.dailyLoss),
  })
  if (parsed.success) return { ok: true, limits: parsed.data }
  const errors: Partial<Record<LimitsField, string>> = {}
  for (const issue of parsed.error.issues) errors[issue.path[0] as LimitsField] ??= issue.message
  return { ok: false, errors }
}
