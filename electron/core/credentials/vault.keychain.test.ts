// The proof that secrets really land in the OS keychain: these tests talk to a real gnome-keyring
// through the real keytar. Run them with
//   node scripts/with-keychain.mjs npx vitest run --config vitest.keychain.config.mts
// They fail (never skip) when the keychain cannot be reached: a pass must mean the keychain works.
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProfileStore } from '../profiles/profile-store'
import { KEYCHAIN_SERVICE, createVault } from './vault'

const run = promisify(execFile)

/** What `secret-tool search` finds under the terminal's service: the accounts (profile ids) and secrets. */
async function secretToolSearch(): Promise<{ accounts: string[]; text: string }> {
  // --all lists every match, --unlock avoids a prompt; the attributes are keytar's: service, account.
  const { stdout, stderr } = await run('secret-tool', ['search', '--all', '--unlock', 'service', KEYCHAIN_SERVICE], { timeout: 10_000 })
  const text = `${stdout}\n${stderr}`
  const accounts = [...text.matchAll(/^attribute\.account = (.*)$/gm)].map((m) => m[1]!.trim())
  return { accounts, text }
}

function filesUnder(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...filesUnder(path))
    else out.push(path)
  }
  return out
}

const CREDS = { apiKey: 'KC-KEY-1234567890-WXYZ', apiSecret: 'KC-SECRET-never-on-disk-0987654321' }
const profileId = `keychain-test-${process.pid}`

/** Each test fails outright, with the way to run it, when there is no D-Bus session at all. */
function requireSessionBus(): void {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
    throw new Error('No D-Bus session: run these tests through `node scripts/with-keychain.mjs npx vitest run --config vitest.keychain.config.mts`.')
  }
}

describe('vault against the real gnome-keyring', () => {
  it('reports the keychain as available', async () => {
    requireSessionBus()
    expect(await createVault().status()).toEqual({ available: true })
  })

  it('stores a profile where secret-tool finds it, reads it back after a restart, and deletes it', async () => {
    requireSessionBus()
    const vault = createVault()
    expect(await vault.write(profileId, CREDS)).toBe('keychain')
    expect(vault.storageOf(profileId)).toBe('keychain')

    const found = await secretToolSearch()
    expect(found.accounts).toContain(profileId)
    expect(found.text).toContain(`attribute.service = ${KEYCHAIN_SERVICE}`)
    expect(found.text).toContain(CREDS.apiSecret) // the secret itself is in the keychain entry

    const restarted = createVault()
    expect(await restarted.status()).toEqual({ available: true })
    expect(restarted.storageOf(profileId)).toBe('keychain')
    expect(await restarted.read(profileId)).toEqual(CREDS)
    expect(await restarted.list()).toContain(profileId)

    await restarted.remove(profileId)
    expect((await secretToolSearch()).accounts).not.toContain(profileId)
    expect(await createVault().read(profileId)).toBeNull()
  })
})

describe('profiles and the keychain together', () => {
  let dataDir: string
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'keychain-profiles-'))
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('keeps metadata in profiles.json and the secret only in the keychain, across a restart', async () => {
    requireSessionBus()
    const store = createProfileStore(dataDir)
    await store.load()
    const vault = createVault()
    const profile = await store.create({ name: 'Sub-account 2', baseUrl: 'http://127.0.0.1:1/api/v3', accountId: 2, apiKeyHint: CREDS.apiKey.slice(-4), isDemo: true })
    expect(await vault.write(profile.id, CREDS)).toBe('keychain')
    await store.setActive(profile.id)

    // Restart: new store, new vault.
    const store2 = createProfileStore(dataDir)
    expect(await store2.load()).toEqual({ warnings: [] })
    const vault2 = createVault()
    expect(store2.activeId()).toBe(profile.id)
    expect(store2.get(profile.id)?.apiKeyHint).toBe('WXYZ')
    expect(await vault2.read(profile.id)).toEqual(CREDS)
    expect((await secretToolSearch()).accounts).toContain(profile.id)

    for (const file of filesUnder(dataDir)) {
      const text = readFileSync(file, 'utf8')
      expect(text).not.toContain(CREDS.apiSecret)
      expect(text).not.toContain(CREDS.apiKey)
    }

    await vault2.remove(profile.id)
    await store2.remove(profile.id)
    expect((await secretToolSearch()).accounts).not.toContain(profile.id)
    expect(createProfileStore(dataDir).list()).toEqual([])
  })
})
