// The rows of the bench's table and how they print: one metric (its median against its budget and
// baseline), a group that could not be measured, and the table itself. The progress log goes to
// stderr, so that stdout holds the table alone.
import { summarize } from './lib.mjs'

export const log = (line) => process.stderr.write(`${line}\n`)

/**
 * One row of the table. `budget` is { max } or { min } in the metric's unit, or { maxRatio }: at
 * most that many times the baseline; the verdict compares the median (or the ratio of the medians).
 * `baseline` is the same kind of figure for the reference, `ratio` = value / baseline.
 */
export function metric({ group, id, name, unit, samples, budget = null, baseline = null, note = '' }) {
  const s = summarize(samples)
  const b = baseline ? summarize(baseline) : null
  const value = s.median
  const ratio = b && b.median ? value / b.median : null
  let verdict = 'info'
  if (!Number.isFinite(value)) verdict = 'error'
  else if (budget?.maxRatio !== undefined) verdict = ratio === null || !Number.isFinite(ratio) ? 'error' : ratio <= budget.maxRatio ? 'ok' : 'over'
  else if (budget) verdict = (budget.max !== undefined ? value <= budget.max : value >= budget.min) ? 'ok' : 'over'
  return {
    group,
    id,
    name,
    unit,
    value,
    spread: { min: s.min, max: s.max, p25: s.p25, p75: s.p75, n: s.n },
    budget,
    baseline: b ? b.median : null,
    baselineSpread: b ? { min: b.min, max: b.max, n: b.n } : null,
    ratio,
    verdict,
    note,
  }
}

export function failed(group, id, name, error) {
  return {
    group,
    id,
    name,
    unit: '',
    value: null,
    spread: null,
    budget: null,
    baseline: null,
    ratio: null,
    verdict: 'error',
    note: error instanceof Error ? error.message.split('\n')[0] : String(error),
  }
}

function fmt(v, unit) {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—'
  const abs = Math.abs(v)
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : abs >= 0.1 ? 3 : 4
  return `${v.toFixed(digits)}${unit && unit !== '×' ? ` ${unit}` : unit === '×' ? '×' : ''}`
}

function budgetText(r) {
  if (!r.budget) return '—'
  if (r.budget.maxRatio !== undefined) return `≤ ${r.budget.maxRatio}× baseline`
  return r.budget.max !== undefined ? `≤ ${fmt(r.budget.max, r.unit)}` : `≥ ${fmt(r.budget.min, r.unit)}`
}

export function table(rows) {
  const head = ['metric', 'value', 'spread (min–max, n)', 'budget', 'baseline', 'ratio', 'verdict']
  const lines = rows.map((r) => [
    r.name,
    fmt(r.value, r.unit),
    r.spread && r.spread.n > 1 ? `${fmt(r.spread.min, '')}–${fmt(r.spread.max, '')}, n=${r.spread.n}` : r.spread ? `n=${r.spread.n}` : '—',
    budgetText(r),
    r.baseline !== null ? fmt(r.baseline, r.unit) : '—',
    r.ratio !== null ? `${r.ratio.toFixed(2)}×` : '—',
    r.verdict,
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)))
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(line)].join('\n')
}
