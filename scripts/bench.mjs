#!/usr/bin/env node
// `npm run bench`: the terminal against its budgets (issue 8), with baselines measured in the same
// run so that a figure can be read on a noisy machine. Prints a table and writes it as JSON.
//
//   npm run bench -- [--out .bench/latest.json] [--check] [--only paint,chart,...] [--quick]
//                    [--soak-minutes N] [--runs N]
//
// Groups: bundle, micro, portfolio, journal, client, demo, keeper, paint, chart, ladder, stream, live, soak. Each figure is the median of
// several runs after a warm-up; the spread (min–max) and the run count are shown beside it.
// `--check` exits 1 when a metric is over its budget or could not be measured.
//
// This file reads the command line and runs the groups in turn, each within its time limit; the
// groups' runners are in bench/node-groups.mjs, bench/paint-group.mjs, bench/browser-groups.mjs and
// bench/load-groups.mjs, the rows and the table in bench/report.mjs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { cpus, loadavg } from 'node:os'
import { ROOT, launchChromium, withTimeout } from './bench/lib.mjs'
import { benchBundle, benchClient, benchDemo, benchJournal, benchKeeper, benchMicro, benchPortfolio } from './bench/node-groups.mjs'
import { benchChart, benchLadder } from './bench/browser-groups.mjs'
import { benchPaint } from './bench/paint-group.mjs'
import { benchCharts4, benchLive, benchSoak, benchStream } from './bench/load-groups.mjs'
import { contextsOpened, longTasksBetween, longTasksText } from './bench/long-tasks.mjs'
import { failed, log, table } from './bench/report.mjs'
import { compareRuns, comparisonTable } from './bench/compare.mjs'
import { CommandLineError, commandLineOrExit, numberFlag } from './lib/command-line.mjs'

const GROUPS = ['bundle', 'micro', 'portfolio', 'journal', 'client', 'demo', 'keeper', 'paint', 'chart', 'ladder', 'stream', 'live', 'charts4', 'soak']

const USAGE = `usage: npm run bench -- [--out path] [--check] [--compare OLD.json] [--only ${GROUPS.join(',')}] [--quick] [--soak-minutes N] [--runs N]`
const OPTIONS = {
  out: { type: 'string' },
  check: { type: 'boolean' },
  compare: { type: 'string' },
  only: { type: 'string' },
  quick: { type: 'boolean' },
  'soak-minutes': { type: 'string' },
  runs: { type: 'string' },
}

function readArgs({ values }) {
  const only =
    values.only === undefined
      ? GROUPS
      : values.only
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
  const unknown = only.filter((g) => !GROUPS.includes(g))
  if (unknown.length > 0) throw new CommandLineError(`--only: unknown group(s) ${unknown.join(', ')}; groups: ${GROUPS.join(', ')}`)
  if (only.length === 0) throw new CommandLineError(`--only needs at least one group of ${GROUPS.join(', ')}`)
  return {
    out: values.out === undefined ? join(ROOT, '.bench', 'latest.json') : resolve(values.out),
    check: values.check === true,
    compare: values.compare === undefined ? null : resolve(values.compare),
    only,
    quick: values.quick === true,
    soakMinutes: numberFlag(values, 'soak-minutes', { above: 0, max: 60 }),
    runs: numberFlag(values, 'runs', { whole: true, min: 1, max: 50 }),
  }
}

const RUNNERS = {
  bundle: benchBundle,
  micro: benchMicro,
  portfolio: benchPortfolio,
  journal: benchJournal,
  client: benchClient,
  demo: benchDemo,
  keeper: benchKeeper,
  paint: benchPaint,
  chart: benchChart,
  ladder: benchLadder,
  stream: benchStream,
  live: benchLive,
  charts4: benchCharts4,
  soak: benchSoak,
}
// Per-group time limits (paint: three kinds of start, the last with three browser launches per run).
const LIMITS_S = { bundle: 60, micro: 120, portfolio: 180, journal: 180, client: 120, demo: 120, keeper: 180, paint: 420, chart: 150, ladder: 150, stream: 120, live: 420, charts4: 180, soak: 60 }

async function main() {
  const opts = commandLineOrExit('bench', USAGE, OPTIONS, readArgs)
  const started = Date.now()
  let chromium = null
  const browser = async () => (chromium ??= await launchChromium())
  const rows = []
  try {
    for (const group of GROUPS.filter((g) => opts.only.includes(g))) {
      const t0 = Date.now()
      log(`bench: ${group}…`)
      let limit = LIMITS_S[group] * 1000
      if (group === 'soak') limit = ((opts.soakMinutes ?? 1) * 60 + 60) * 1000
      const contextsBefore = contextsOpened()
      try {
        const measured = await withTimeout(RUNNERS[group](opts, browser), limit, group)
        // A group that opened pages: each of its rows tells the pages' long tasks while it ran.
        const tasks = contextsOpened() > contextsBefore ? longTasksBetween(t0, Date.now()) : null
        rows.push(...measured.map((row) => (tasks ? { ...row, longTasks: tasks } : row)))
      } catch (error) {
        log(`bench: ${group} failed: ${error instanceof Error ? error.stack : String(error)}`)
        rows.push(failed(group, `${group}.error`, `${group} (could not measure)`, error))
      }
      log(`bench: ${group} done in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    }
  } finally {
    await chromium?.close().catch(() => {})
  }

  const text = table(rows)
  process.stdout.write(`${text}\n`)
  for (const r of rows) {
    const tasks = r.longTasks ? `${r.note ? '; ' : ''}long tasks in the group's pages meanwhile: ${longTasksText(r.longTasks)}` : ''
    if (r.note || tasks) process.stdout.write(`  ${r.name}: ${r.note}${tasks}\n`)
  }
  const report = {
    when: new Date().toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
    machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '', loadavg: loadavg(), node: process.version },
    options: { quick: opts.quick, only: opts.only, soakMinutes: opts.soakMinutes, runs: opts.runs },
    metrics: rows,
    table: text,
  }
  mkdirSync(dirname(opts.out), { recursive: true })
  writeFileSync(opts.out, `${JSON.stringify(report, null, 2)}\n`)
  log(
    `bench: ${rows.length} metrics in ${report.seconds} s; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; written to ${opts.out}`,
  )
  // against a saved run: row by row, and a flag on what got more than 20 % worse
  if (opts.compare) {
    const before = JSON.parse(readFileSync(opts.compare, 'utf8'))
    const compared = compareRuns(before, report)
    process.stdout.write(`\n${comparisonTable(compared, before.when, report.when)}\n`)
    if (opts.check && compared.some((r) => r.worse)) process.exitCode = 1
  }
  const bad = rows.filter((r) => r.verdict === 'over' || r.verdict === 'error')
  if (opts.check && bad.length) {
    log(`bench --check: ${bad.length} over budget or not measured: ${bad.map((r) => r.id).join(', ')}`)
    process.exitCode = 1
  }
}

main().catch((error) => {
  log(`bench failed: ${error instanceof Error ? error.stack : String(error)}`)
  process.exit(2)
})
