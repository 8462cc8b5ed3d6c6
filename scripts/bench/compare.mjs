// A run of the bench against a saved one (`npm run bench -- --compare OLD.json`, or
// `node scripts/bench/compare.mjs OLD.json NEW.json` for two saved runs): row by row, the new median
// over the old, and a flag on every row more than 20 % worse — slower, bigger, or fewer a second —
// so a change is checked before and after on the same machine, not against budgets alone. Rows only
// one run has are listed as such; a row either run could not measure says so.
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

/** How much worse a row may get before it is flagged. */
export const WORSE_BY = 0.2
/** Units where more is better (a budget's `min` says so too). */
const MORE_IS_BETTER = new Set(['req/s', 'orders/s', 'fps', 'trades/s'])

const moreIsBetter = (row) => row.budget?.min !== undefined || MORE_IS_BETTER.has(row.unit)

/**
 * Each row of `now` against the row of the same id in `before`: { id, name, before, now, ratio,
 * worse, note }. `ratio` is now ÷ before; `worse` is true when the row moved more than WORSE_BY the
 * wrong way.
 */
export function compareRuns(before, now) {
  const old = new Map(before.metrics.map((r) => [r.id, r]))
  const rows = now.metrics.map((r) => {
    const was = old.get(r.id)
    old.delete(r.id)
    if (!was) return { id: r.id, name: r.name, before: null, now: r.value, ratio: null, worse: false, note: 'new row' }
    if (!Number.isFinite(r.value) || !Number.isFinite(was.value)) return { id: r.id, name: r.name, before: was.value, now: r.value, ratio: null, worse: false, note: 'not measured in one of the runs' }
    const ratio = was.value === 0 ? (r.value === 0 ? 1 : Infinity) : r.value / was.value
    const worse = moreIsBetter(r) ? ratio < 1 / (1 + WORSE_BY) : ratio > 1 + WORSE_BY
    return { id: r.id, name: r.name, before: was.value, now: r.value, ratio, worse, note: '' }
  })
  for (const was of old.values()) rows.push({ id: was.id, name: was.name, before: was.value, now: null, ratio: null, worse: false, note: 'not in this run' })
  return rows
}

const num = (v) => (v === null || v === undefined || !Number.isFinite(v) ? '—' : Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(2) : v.toPrecision(3))

/** The comparison as a table, and a last line that counts the rows flagged. */
export function comparisonTable(rows, beforeWhen = '', nowWhen = '') {
  const lines = [`compared with the run of ${beforeWhen || 'the saved file'}${nowWhen ? ` (this run: ${nowWhen})` : ''}:`, '| metric | before | now | now ÷ before | |', '|---|---|---|---|---|']
  for (const r of rows)
    lines.push(`| ${r.name} | ${num(r.before)} | ${num(r.now)} | ${r.ratio === null ? '—' : `${r.ratio.toFixed(2)}×`} | ${r.worse ? `worse by more than ${WORSE_BY * 100} %` : r.note} |`)
  const flagged = rows.filter((r) => r.worse)
  lines.push(flagged.length === 0 ? 'no row more than 20 % worse' : `${flagged.length} row(s) more than 20 % worse: ${flagged.map((r) => r.id).join(', ')}`)
  return lines.join('\n')
}

const readRun = (path) => JSON.parse(readFileSync(path, 'utf8'))

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [beforePath, nowPath] = process.argv.slice(2)
  if (!beforePath || !nowPath) {
    process.stderr.write('usage: node scripts/bench/compare.mjs OLD.json NEW.json   (two runs saved by npm run bench)\n')
    process.exit(2)
  }
  const before = readRun(beforePath)
  const now = readRun(nowPath)
  const rows = compareRuns(before, now)
  process.stdout.write(`${comparisonTable(rows, before.when, now.when)}\n`)
  process.exitCode = rows.some((r) => r.worse) ? 1 : 0
}
