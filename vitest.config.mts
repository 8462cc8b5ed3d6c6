import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** Shared by the unit run and the keychain run (vitest.keychain.config.mts); only `include` differs. */
export function testConfig(include: string[], exclude: string[] = []) {
  return defineConfig({
    plugins: [vue()],
    resolve: { alias: { '@domain': here('./electron/domain'), '@': here('./src') } },
    test: {
      include,
      exclude: ['node_modules/**', 'out/**', ...exclude],
      environment: 'node',
      testTimeout: 20_000,
      hookTimeout: 20_000,
      pool: 'forks',
      // Memory assertions (repeated switching must not grow the heap) need a real garbage collection.
      execArgv: ['--expose-gc'],
    },
  })
}

export default testConfig(['electron/**/*.test.ts', 'src/**/*.test.ts', 'scripts/**/*.test.ts'], ['**/*.keychain.test.ts'])
