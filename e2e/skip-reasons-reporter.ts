// Prints why each skipped test was skipped (the list reporter shows only a dash, and a skipped test
// must never pass for a passing one), and why each failed test failed, once more at the very end:
// CI keeps only the tail of a run's output, and the list reporter prints the errors far above it.
// The failures also go to test-results/e2e-failures.txt, which `npm test` repeats after its summary.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter'

export const FAILURES_FILE = join('test-results', 'e2e-failures.txt')
/** Lines of each failure's message kept: the assertion, its expected and received values. */
const ERROR_LINES = 12

// eslint-disable-next-line no-control-regex -- the escape sequences of terminal colours
const plain = (text: string): string => text.replace(/\u001b\[[0-9;]*m/g, '')

export default class SkipReasonsReporter implements Reporter {
  private readonly skipped: string[] = []
  private readonly failed: string[] = []

  onBegin(): void {
    rmSync(FAILURES_FILE, { force: true })
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const title = test.titlePath().filter(Boolean).join(' › ')
    if (result.status === 'skipped') {
      const reason = [...test.annotations, ...result.annotations].find((a) => a.type === 'skip')?.description ?? 'no reason given'
      this.skipped.push(`  skipped: ${title}\n    because: ${reason}`)
    } else if (result.status !== 'passed' && result.status !== test.expectedStatus) {
      const where = test.location ? `${test.location.file.split(/[\\/]/).slice(-2).join('/')}:${test.location.line}` : ''
      const message = result.errors.map((e) => plain(e.message ?? e.value ?? 'no message')).join('\n')
      const lines = message.split('\n').filter((l) => l.trim() !== '')
      const kept = lines.slice(0, ERROR_LINES).map((l) => `    ${l}`)
      if (lines.length > ERROR_LINES) kept.push(`    … ${lines.length - ERROR_LINES} more lines above, in the list reporter's output`)
      this.failed.push(`  ${result.status}: ${title} (${where}, ${(result.duration / 1000).toFixed(1)} s)\n${kept.join('\n')}`)
    }
  }

  onEnd(): void {
    if (this.skipped.length) process.stdout.write(`\n${this.skipped.join('\n')}\n`)
    if (!this.failed.length) return
    const text = `${this.failed.join('\n')}\n`
    process.stdout.write(`\n${text}`)
    mkdirSync(dirname(FAILURES_FILE), { recursive: true })
    writeFileSync(FAILURES_FILE, text)
  }

  printsToStdio(): boolean {
    return false
  }
}
