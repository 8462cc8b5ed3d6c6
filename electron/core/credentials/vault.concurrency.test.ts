// Several processes on one keychain (the app, the web host, a CLI script): one's start-up probe, or a
// profile another removes, never makes the keychain look unreachable to the others. gnome-keyring
// fails a whole listing when an item it found is deleted before its secret is read; the fake below
// does the same.
import { describe, expect, it, vi } from 'vitest'
import { KEYCHAIN_SERVICE, type KeytarLike, createVault } from './vault'

const CREDS = { apiKey: 'AK-1234567890-WXYZ', apiSecret: 'SS-super-secret-0987654321' }

/** One Secret Service shared by every vault made on it; deletes can be held back, to interleave processes. */
function secretService() {
  const entries = new Map<string, string>()
  const key = (service: string, account: string) => `${service}\u0000${account}`
  let holding = false
  const held: Array<() => void> = []
  const keytar: KeytarLike = {
    getPassword: async (s, a) => entries.get(key(s, a)) ?? null,
    setPassword: async (s, a, p) => void entries.set(key(s, a), p),
    deletePassword: async (s, a) => {
      if (holding) await new Promise<void>((resolve) => held.push(resolve))
      return entries.delete(key(s, a))
    },
    findCredentials: async (s) => {
      const found = [...entries.keys()].filter((k) => k.startsWith(`${s}\u0000`))
      // The items are found first; their secrets are read one by one afterwards.
      await new Promise((resolve) => setTimeout(resolve, 10))
      return found.map((k, i) => {
        const password = entries.get(k)
        if (password === undefined) throw new Error(`No such secret item at path: /org/freedesktop/secrets/collection/login/${i + 1}`)
        return { account: k.split('\u0000')[1]!, password }
      })
    },
  }
  return {
    keytar,
    entries,
    holdDeletes: () => (holding = true),
    releaseDeletes: () => {
      holding = false
      for (const resolve of held.splice(0)) resolve()
    },
  }
}

describe('vault beside other processes on the same keychain', () => {
  it("another process's start-up probe, deleted while this one lists the profiles, does not make the keychain look unreachable", async () => {
    const ss = secretService()
    await createVault({ keytar: ss.keytar }).write('p1', CREDS)
    ss.holdDeletes()
    // The other process has written its probe and is about to delete it.
    void createVault({ keytar: ss.keytar }).status()
    await vi.waitFor(() => expect(ss.entries.size).toBe(2))
    const mine = createVault({ keytar: ss.keytar })
    setTimeout(ss.releaseDeletes, 2)
    expect(await mine.status()).toEqual({ available: true })
    expect(await mine.list()).toEqual(['p1'])
    expect(mine.storageOf('p1')).toBe('keychain')
  })

  it('a listing that meets an entry removed at that moment by another process is asked again', async () => {
    const ss = secretService()
    const vault = createVault({ keytar: ss.keytar })
    expect(await vault.status()).toEqual({ available: true })
    await vault.write('p1', CREDS)
    await vault.write('p2', CREDS)
    // Another process removes p2 while this one lists.
    const listing = vault.list()
    setTimeout(() => ss.entries.delete(`${KEYCHAIN_SERVICE}\u0000p2`), 2)
    expect(await listing).toEqual(['p1'])
    expect((await vault.status()).available).toBe(true)
  })

  it('a keychain that keeps failing the listing is still reported, with its reason, after three tries', async () => {
    const ss = secretService()
    let listings = 0
    ss.keytar.findCredentials = async () => {
      listings++
      throw new Error('No such secret item at path: /org/freedesktop/secrets/collection/login/7')
    }
    const status = await createVault({ keytar: ss.keytar }).status()
    expect(status.available).toBe(false)
    expect(status.available === false && status.reason).toContain('No such secret item')
    expect(listings).toBe(3)
  })
})
