// Prints why each skipped unit test was skipped (the note given to `ctx.skip`), as
// e2e/skip-reasons-reporter.ts does for Playwright: the default reporter shows only a count, and a
// skipped test must never pass for a passing one. `npm test` adds it to the default reporter (not
// the config: a run filtered by name would list every test it left out).
import type { Reporter, TestModule } from 'vitest/node'

export default class SkipReasonsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const skipped: string[] = []
    for (const module of modules) {
      for (const test of module.children.allTests('skipped')) {
        const result = test.result()
        const note = result.state === 'skipped' ? result.note : undefined
        skipped.push(`  skipped: ${module.moduleId.replace(`${process.cwd()}/`, '')} › ${test.fullName}\n    because: ${note ?? 'no reason given'}`)
      }
    }
    if (skipped.length) process.stdout.write(`\n${skipped.join('\n')}\n`)
  }
}
