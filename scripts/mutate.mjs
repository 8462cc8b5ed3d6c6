#!/usr/bin/env node
// `npm run mutate -- [--only <file>,...]`: Stryker on the files that guard money, secrets and sessions
// (stryker.config.mjs lists them with their tests), one file at a time, then the score of each.
// Reports in reports/mutation/<file>.html and .json. Not part of `npm test`: about 20 minutes on 2 cores.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { TARGETS, reportOf } from '../stryker.config.mjs'
import { CommandLineError, commandLineOrExit } from './lib/command-line.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const files = Object.keys(TARGETS)
const USAGE = `usage: npm run mutate -- [--only <file>,...]   files: ${files.join(', ')}`

const opts = commandLineOrExit('mutate', USAGE, { only: { type: 'string' } }, ({ values }) => {
  const only = values.only?.split(',').map((f) => f.trim())
  const unknown = only?.filter((f) => !files.includes(f)) ?? []
  if (unknown.length > 0) throw new CommandLineError(`--only: ${unknown.join(', ')} is not a guarded file`)
  return { only: only ?? files }
})

/** Counts of one file's mutants by status, from Stryker's JSON report. */
function countsOf(file) {
  const path = join(root, `${reportOf(file)}.json`)
  if (!existsSync(path)) return null
  const report = JSON.parse(readFileSync(path, 'utf8'))
  const counts = {}
  for (const mutant of report.files[file]?.mutants ?? []) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1
  return counts
}

const rows = []
const started = Date.now()
for (const file of opts.only) {
  process.stdout.write(`\n▶ mutate ${file}\n`)
  const t0 = Date.now()
  const run = spawnSync(join(root, 'node_modules', '.bin', 'stryker'), ['run'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MUTATE_TARGET: file },
  })
  const c = countsOf(file)
  const detected = (c?.Killed ?? 0) + (c?.Timeout ?? 0)
  const valid = detected + (c?.Survived ?? 0) + (c?.NoCoverage ?? 0)
  rows.push({ file, ok: run.status === 0, seconds: (Date.now() - t0) / 1000, detected, survived: c?.Survived ?? 0, noCoverage: c?.NoCoverage ?? 0, score: valid ? (100 * detected) / valid : NaN })
}

process.stdout.write(`\nnpm run mutate finished in ${((Date.now() - started) / 60_000).toFixed(1)} min\n`)
process.stdout.write('| file | score | killed + timeout | survived | no coverage | time |\n|---|---|---|---|---|---|\n')
for (const r of rows) {
  const score = r.ok && Number.isFinite(r.score) ? `${r.score.toFixed(1)} %` : 'FAILED'
  process.stdout.write(`| ${r.file} | ${score} | ${r.detected} | ${r.survived} | ${r.noCoverage} | ${r.seconds.toFixed(0)} s |\n`)
}
process.exit(rows.every((r) => r.ok) ? 0 : 1)
