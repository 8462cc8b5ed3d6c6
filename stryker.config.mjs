// Mutation testing of the code that guards money, secrets and sessions: `npm run mutate`
// (scripts/mutate.mjs; docs/development.md, "Mutation testing"). Not part of `npm test`: it takes minutes.
//
// Kept light for a small shared machine: one worker; each mutant runs only the tests that covered it
// (perTest coverage). Not incremental: Stryker 9 reuses the old result of a mutant in a file's
// top-level code even when its tests changed (logger.ts: 30 survivors reused, 15 on a full run).
// And one file at a time (MUTATE_TARGET), each against its own tests below: a mutant of a file's
// top-level code (a pattern, a constant) runs every test of the run, and with every test related to
// logger.ts or vault.ts that is the terminal's whole suite for each such mutant. The tests reach
// Vitest as its include list (MUTATE_TESTS, read by vitest.stryker.config.mts), not as Stryker's
// testFiles: with testFiles, Stryker turns a top-level mutant on only after the file has loaded,
// so every such mutant survived.

/** Each guarded file and the tests that guard it. */
export const TARGETS = {
  'electron/core/orders/order-desk.ts': ['electron/core/orders/order-desk.test.ts', 'electron/core/orders/order-desk.facts.test.ts', 'electron/core/orders/order-desk.checks.test.ts'],
  'electron/core/orders/order-lookup.ts': ['electron/core/orders/order-lookup.test.ts', 'electron/core/orders/order-lookup.search.test.ts', 'electron/core/orders/order-desk.test.ts'],
  'electron/core/exchange/request.ts': [
    'electron/core/exchange/request.test.ts',
    'electron/core/exchange/request.status.test.ts',
    'electron/core/exchange/client.test.ts',
    'electron/core/exchange/client.demo.test.ts',
    'electron/core/exchange/client.faults.demo.test.ts',
    'electron/core/exchange/sign-in.test.ts',
  ],
  'electron/core/credentials/credential-binding.ts': ['electron/core/credentials/credential-binding.test.ts', 'electron/core/credentials/credential-binding.rules.test.ts'],
  'electron/core/credentials/vault.ts': [
    'electron/core/credentials/vault.test.ts',
    'electron/core/credentials/vault.entries.test.ts',
    'electron/core/credentials/vault.keytar-load.test.ts',
    'electron/core/credentials/vault.concurrency.test.ts',
    'electron/core/terminal.test.ts',
  ],
  'electron/core/storage/logger.ts': ['electron/core/storage/logger.test.ts', 'electron/core/storage/logger.redact.test.ts', 'electron/core/terminal.test.ts'],
  'electron/web-host/access.ts': ['electron/web-host/access.test.ts', 'electron/web-host/server.test.ts'],
  'src/stores/orders/order-send.ts': [
    'src/features/order-form/order-send.test.ts',
    'src/features/order-form/OrderForm.test.ts',
    'src/features/order-form/OrderForm.sending.test.ts',
    'src/features/order-form/OrderForm.confirm-presets.test.ts',
    'src/features/order-form/OrderForm.keys.test.ts',
    'src/features/order-form/OrderForm.numbers.test.ts',
  ],
  'src/stores/session/session.ts': ['src/stores/session/session.test.ts', 'src/stores/session/session-account.test.ts', 'src/stores/market/market-session.test.ts'],
  'src/stores/market/market-live.ts': [
    'src/stores/market/market-live.test.ts',
    'src/stores/market/market-session.test.ts',
    'src/stores/market/market.test.ts',
    'src/stores/market/market-cached.test.ts',
  ],
}

/** Where one target's results go: reports/mutation/<file name>.{json,html}. */
export const reportOf = (file) => `reports/mutation/${file.replace(/\.ts$/, '').replaceAll('/', '-')}`

const target = process.env.MUTATE_TARGET
if (target !== undefined && !(target in TARGETS)) throw new Error(`MUTATE_TARGET: ${target} is not one of the guarded files in stryker.config.mjs`)
const files = target === undefined ? Object.keys(TARGETS) : [target]
const report = target === undefined ? 'reports/mutation/all' : reportOf(target)
// Inherited by Stryker's test runner processes, started after this file is read.
process.env.MUTATE_TESTS = [...new Set(files.flatMap((file) => TARGETS[file]))].join(',')

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.stryker.config.mts', related: true },
  testRunnerNodeArgs: ['--expose-gc'],
  coverageAnalysis: 'perTest',
  concurrency: 1,
  mutate: files,
  // What the sandbox does not need: build output, reports, screenshots.
  ignorePatterns: ['out', 'dist', 'release', '.bench', 'test-results', 'playwright-report', 'coverage', 'docs', 'reports'],
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: `${report}.html` },
  jsonReporter: { fileName: `${report}.json` },
  // The suite's timing tests run on a busy machine: a mutant is a timeout only well past its tests' time.
  timeoutMS: 10_000,
  thresholds: { high: 90, low: 80, break: null },
}
