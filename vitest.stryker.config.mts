// The unit run under Stryker (stryker.config.mjs): only the tests of the file being mutated
// (MUTATE_TESTS, set by stryker.config.mjs). Stryker's Vitest runner runs them in worker threads,
// which two things of the normal run do not survive:
// - --expose-gc in execArgv (a worker refuses it): Stryker starts the runner's process with the flag
//   instead (testRunnerNodeArgs), and V8's flags hold for every thread of a process;
// - keytar, whose native module aborts the process when a worker thread that loaded it ends
//   ("terminate called after throwing an instance of 'Napi::Error'"). Here it fails to load, as it
//   does where it is not built: the vault then has no keychain, which no unit test relies on (the
//   keychain tests are vitest.keychain.config.mts).
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import base from './vitest.config.mjs'

const NO_KEYTAR = '\0no-keytar'
const noKeytar: Plugin = {
  name: 'no-keytar-in-worker-threads',
  enforce: 'pre',
  resolveId: (id) => (id === 'keytar' ? NO_KEYTAR : null),
  load: (id) => (id === NO_KEYTAR ? "throw new Error('keytar is not loaded in worker threads (vitest.stryker.config.mts)')" : null),
}

const include = process.env.MUTATE_TESTS?.split(',').filter(Boolean)

export default defineConfig({ ...base, plugins: [...(base.plugins ?? []), noKeytar], test: { ...base.test, ...(include?.length ? { include } : {}), execArgv: [] } })
