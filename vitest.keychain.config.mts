// Runs only the tests that need the real OS keychain; scripts/with-keychain.mjs starts a private
// D-Bus session and an unlocked gnome-keyring around this run.
import { testConfig } from './vitest.config.mjs'

export default testConfig(['electron/**/*.keychain.test.ts'])
