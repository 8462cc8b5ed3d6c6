// Two CLI processes adding profiles at the same time, against the real gnome-keyring: every profile
// survives in profiles.json and every one has its keychain entry — none lost, none orphaned.
// Run with
//   node scripts/with-keychain.mjs npx vitest run --config vitest.keychain.config.mts electron/cli/profile-race.keychain.test.ts
// It fails (never skips) when the keychain cannot be reached.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { createProfileStore } from '../core/profiles/profile-store'
import { createVault } from '../core/credentials/vault'
import { raceTwoProcesses } from './test/profile-race.test-util'

const dirs: string[] = []
const created: string[] = []
afterEach(async () => {
  const vault = createVault()
  for (const id of created.splice(0)) await vault.remove(id).catch(() => undefined)
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

it('two CLI processes adding 15 profiles each at once: all 30 profiles and all 30 keychain entries survive', async () => {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) throw new Error('No D-Bus session: run through scripts/with-keychain.mjs.')
  const vault = createVault()
  expect(await vault.status()).toEqual({ available: true })
  const dataDir = mkdtempSync(join(tmpdir(), 'profile-race-keychain-'))
  dirs.push(dataDir)

  const { a, b } = await raceTwoProcesses({ dataDir, count: 15, mode: 'cli' })
  created.push(...a, ...b)

  const store = createProfileStore(dataDir)
  await store.load()
  const ids = store.list().map((p) => p.id)
  expect(new Set(ids)).toEqual(new Set([...a, ...b]))
  expect(ids).toHaveLength(30)
  const inKeychain = new Set(await vault.list())
  for (const id of ids) expect(inKeychain.has(id), `keychain entry of ${id}`).toBe(true)
  // Each entry is the one its process stored, bound to the URL it was added for.
  for (const [prefix, list] of [
    ['a', a],
    ['b', b],
  ] as const) {
    for (const id of list) {
      expect(await vault.read(id)).toEqual({ apiKey: `race-key-${prefix}`, apiSecret: `race-secret-${prefix}-0123456789`, origin: 'https://exchange.example' })
    }
  }
}, 180_000)
