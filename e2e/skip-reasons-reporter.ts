// Prints why each skipped test was skipped: the list reporter shows only a dash, and a skipped test
// must never pass for a passing one.
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter'

export default class SkipReasonsReporter implements Reporter {
  private readonly skipped: string[] = []

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped') return
    const reason = [...test.annotations, ...result.annotations].find((a) => a.type === 'skip')?.description ?? 'no reason given'
    this.skipped.push(`  skipped: ${test.titlePath().filter(Boolean).join(' › ')}\n    because: ${reason}`)
  }

  onEnd(): void {
    if (this.skipped.length) process.stdout.write(`\n${this.skipped.join('\n')}\n`)
  }

  printsToStdio(): boolean {
    return false
  }
}
