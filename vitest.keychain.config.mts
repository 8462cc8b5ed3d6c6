import { defineConfig, mergeConfig } from 'vitest/config'
import base from './vitest.config.mts'

// Runs only the tests that need the real OS keychain; scripts/with-keychain.mjs starts a private
// D-Bus session and an unlocked gnome-keyring around this run.
export default mergeConfig(
  base,
  defineConfig({ test: { include: ['electron/**/*.keychain.test.ts'], exclude: ['node_modules/**'] } }),
)
