// The start form of the Algos tab read as the trader types: each field checked by the same contract
// as `algos.start` and the CLI's `algo-start` (@domain/algos/algo-input: one schema per kind), then
// the plan checked whole against the pair's order rules (openAlgo, as the core does before it keeps
// anything), and a preview of what it will send: TWAP's slots, scaled's orders on the pair's grid,
// the iceberg's slices, the chase at the touch. Pure: the dialog (AlgoStartDialog.vue) draws it.
import { algoPlanOf, algoStartSchema, durationMsOf, rulesOf, type AlgoStartInput } from '@domain/algos/algo-input'
import { MAX_RANDOMIZE_PCT, MAX_SLICES, openAlgo } from '@domain/algos/plan'
import type { Algo, AlgoKind } from '@domain/algos/types'
import { Decimal, parseDecimal } from '@domain/decimal'
import { isTerminalError } from '@domain/errors'
import type { Pair } from '@domain/wire/wire'

export interface AlgoFields {
  kind: AlgoKind
  pair: string
  side: 'BUY' | 'SELL'
  amount: string
  slices: string
  duration: string
  limitPrice: string
  randomize: string
  finish: 'leave' | 'market'
  slice: string
  price: string
  orders: string
  fromPrice: string
  toPrice: string
  distribution: 'even' | 'geometric'
  maxDistance: string
  maxMoves: string
}
export type FieldName = Exclude<keyof AlgoFields, 'kind' | 'side' | 'pair' | 'finish' | 'distribution'>

export const emptyAlgoFields = (pair = ''): AlgoFields => ({
  kind: 'twap',
  pair,
  side: 'BUY',
  amount: '',
  slices: '',
  duration: '',
  limitPrice: '',
  randomize: '',
  finish: 'leave',
  slice: '',
  price: '',
  orders: '',
  fromPrice: '',
  toPrice: '',
  distribution: 'even',
  maxDistance: '',
  maxMoves: '',
})

/** Each kind's typed fields, as `algo-start`'s flags (besides --pair --side --amount), and which must be given. */
export const KIND_FIELDS: Record<AlgoKind, { name: FieldName; required: boolean }[]> = {
  twap: [
    { name: 'slices', required: true },
    { name: 'duration', required: true },
    { name: 'limitPrice', required: false },
    { name: 'randomize', required: false },
  ],
  iceberg: [
    { name: 'slice', required: true },
    { name: 'price', required: true },
  ],
  scaled: [
    { name: 'orders', required: true },
    { name: 'fromPrice', required: true },
    { name: 'toPrice', required: true },
  ],
  chase: [
    { name: 'maxDistance', required: false },
    { name: 'maxMoves', required: false },
  ],
}
/** Whether the kind has the finish choice (leave the rest, or at market) and scaled's distribution. */
export const hasFinish = (kind: AlgoKind): boolean => kind === 'twap' || kind === 'chase'

export interface AlgoFacts {
  /** The chosen pair's record (its order rules), or null when unknown. */
  pair: Pair | null
  /** The pair's touch now, for the preview (null: unknown). */
  bid: string | null
  ask: string | null
  now: number
}

export interface AlgoReading {
  /** What `algos.start` is sent; null while a field is wrong. */
  input: AlgoStartInput | null
  /** What is wrong, by field ('form' for the whole). */
  errors: Partial<Record<FieldName | 'pair' | 'form', string>>
  /** What it will do, line by line; empty while a field is wrong. */
  preview: string[]
}

const WHOLE: ReadonlySet<FieldName> = new Set(['slices', 'orders', 'maxMoves'])
/** The fields of the form the contract and the plan name differently. */
const FIELD_OF: Record<string, FieldName | 'pair'> = { durationMs: 'duration', randomizePct: 'randomize', duration: 'duration', randomize: 'randomize' }
const fieldOf = (name: string | undefined): FieldName | 'pair' | 'form' => (name === undefined ? 'form' : (FIELD_OF[name] ?? (name as FieldName)))

/** One typed field as the contract wants it, or what is wrong with it. */
function typed(name: FieldName, text: string): { value?: unknown; error?: string } {
  const t = text.trim()
  if (WHOLE.has(name)) {
    if (!/^\d+$/.test(t)) return { error: 'A whole number, e.g. 5' }
    const n = Number(t)
    if (name !== 'maxMoves' && (n < 1 || n > MAX_SLICES)) return { error: `From 1 to ${MAX_SLICES}` }
    return { value: n }
  }
  if (name === 'duration') {
    const ms = durationMsOf(t)
    return ms === null ? { error: 'A number and a unit: 30s, 10m or 2h' } : { value: ms }
  }
  if (name === 'randomize') {
    const n = Number(t.replace(/%$/, ''))
    return t === '' || !Number.isFinite(n) || n < 0 || n > MAX_RANDOMIZE_PCT ? { error: `A percentage from 0 to ${MAX_RANDOMIZE_PCT}` } : { value: n }
  }
  return parseDecimal(t) === null ? { error: 'A positive decimal number, e.g. 0.5' } : { value: t }
}

const CONTRACT_KEY: Partial<Record<FieldName, string>> = { duration: 'durationMs', randomize: 'randomizePct' }

/** `format`: how the preview writes a number (the window's grouping; plain decimals by default). */
export function readAlgoForm(f: AlgoFields, facts: AlgoFacts, format: (value: string) => string = (v) => v): AlgoReading {
  const errors: AlgoReading['errors'] = {}
  const raw: Record<string, unknown> = { kind: f.kind, pair: f.pair, side: f.side }
  for (const { name, required } of [{ name: 'amount' as const, required: true }, ...KIND_FIELDS[f.kind]]) {
    if (f[name].trim() === '') {
      if (required) errors[name] = 'Required'
      continue
    }
    const { value, error } = typed(name, f[name])
    if (error !== undefined) errors[name] = error
    else raw[CONTRACT_KEY[name] ?? name] = value
  }
  if (hasFinish(f.kind)) raw.finish = f.finish
  if (f.kind === 'scaled') raw.distribution = f.distribution
  if (facts.pair === null) errors.pair = 'Choose a pair of this exchange'
  if (Object.keys(errors).length > 0) return { input: null, errors, preview: [] }

  const parsed = algoStartSchema.safeParse(raw)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[fieldOf(String(issue.path[0] ?? ''))] ??= issue.message
    return { input: null, errors, preview: [] }
  }
  try {
    const plan = algoPlanOf(parsed.data, { id: 'preview', rules: rulesOf(facts.pair!), startAt: facts.now, seed: 1 })
    // randomised slots are drawn from a seed made when it starts: the preview shows them unmoved
    const algo = openAlgo(plan.spec.kind === 'twap' ? { ...plan, spec: { ...plan.spec, randomizePct: 0 } } : plan)
    return { input: parsed.data, errors, preview: previewOf(algo, parsed.data, facts, format) }
  } catch (failure) {
    const field = isTerminalError(failure) ? fieldOf(failure.field ?? undefined) : 'form'
    errors[field] = (failure instanceof Error ? failure.message : String(failure)).replace(/^The algorithm was not started: /, '')
    return { input: null, errors, preview: [] }
  }
}

const MAX_LINES = 12

/** A list cut at MAX_LINES, the rest counted. */
const capped = (lines: string[]): string[] => (lines.length <= MAX_LINES ? lines : [...lines.slice(0, MAX_LINES - 1), `… and ${lines.length - MAX_LINES + 1} more`])

function offset(ms: number): string {
  const s = Math.round(ms / 1000)
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60]
  return h > 0 ? `+${h} h ${String(m).padStart(2, '0')} min` : m > 0 ? `+${m} min ${String(sec).padStart(2, '0')} s` : `+${sec} s`
}

function previewOf(a: Algo, input: AlgoStartInput, facts: AlgoFacts, format: (value: string) => string): string[] {
  const fmt = (d: Decimal | string): string => format(new Decimal(d).toFixed())
  const base = a.rules.currency1
  const buy = a.side === 'BUY'
  const s = a.spec
  const touchNow = (own: boolean): string => {
    const price = own === buy ? facts.bid : facts.ask
    return `${own === buy ? 'the bid' : 'the ask'}${price === null ? '' : `, now ${fmt(price)}`}`
  }
  if (s.kind === 'twap') {
    const randomize = input.kind === 'twap' ? (input.randomizePct ?? 0) : 0
    const limit = s.limitPrice === null ? '' : `, never ${buy ? 'above' : 'below'} ${fmt(s.limitPrice)}`
    let before = new Decimal(0)
    const slots = a.plan.map((p, i) => {
      const amount = new Decimal(p.amount).minus(before)
      before = new Decimal(p.amount)
      return `Slice ${i + 1} at ${offset(p.at! - a.startAt)}: ${fmt(amount)} ${base}`
    })
    return [
      `${s.slices} LIMIT orders over ${offset(s.durationMs).slice(1)}, each taking ${touchNow(false)}${limit}.`,
      ...capped(slots),
      ...(randomize > 0 ? [`Each slice’s size and time move by up to ±${randomize} % (drawn when it starts).`] : []),
      `At the end: ${s.finish === 'market' ? 'the rest at market' : 'the rest is left unfilled'}.`,
    ]
  }
  if (s.kind === 'iceberg') {
    const total = new Decimal(a.amount)
    const slice = Decimal.min(new Decimal(s.slice), total)
    const count = total.div(slice).ceil().toNumber()
    const last = total.minus(slice.times(count - 1))
    return [
      `${count} LIMIT ${count === 1 ? 'order' : 'orders'} at ${fmt(s.price)}, one resting at a time: ${fmt(slice)} ${base} each${last.eq(slice) ? '' : `, the last ${fmt(last)} ${base}`}.`,
      'The next goes out once the one before has filled.',
    ]
  }
  if (s.kind === 'scaled') {
    return [`${s.orders} LIMIT orders resting at once (${s.distribution}), on the pair’s price grid:`, ...capped(a.plan.map((p, i) => `Order ${i + 1}: ${fmt(p.amount)} ${base} at ${fmt(p.price!)}`))]
  }
  const limits = [s.maxMoves !== null ? `${s.maxMoves} moves` : null, s.maxDistance !== null ? `${fmt(s.maxDistance)} from the first touch` : null].filter((x) => x !== null)
  return [
    `One LIMIT of ${fmt(input.amount)} ${base} at ${touchNow(true)}.`,
    `When the touch moves away it is cancelled and, once the cancel is confirmed, placed again at the new touch${limits.length > 0 ? `, up to ${limits.join(' or ')}` : ''}.`,
    `Then: ${s.finish === 'market' ? 'the rest at market' : 'the last order is left resting'}.`,
  ]
}
