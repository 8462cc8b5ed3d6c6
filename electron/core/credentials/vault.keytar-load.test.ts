// The vault loading keytar itself (no keytar given, as in the app): what it says when the native
// module is missing, built for another runtime, or not keytar at all, and that a loaded one is used
// in either module shape.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeKeytar } from './test/vault-keytar.test-util'

afterEach(() => {
  vi.doUnmock('keytar')
  vi.resetModules()
})

async function vaultLoading(keytarModule: () => object) {
  vi.resetModules()
  vi.doMock('keytar', keytarModule)
  const { createVault } = await import('./vault')
  return createVault()
}

describe('a vault that loads keytar', () => {
  it('says keytar is not built for this runtime, with the first line of why, and how to rebuild it', async () => {
    const vault = await vaultLoading(() => {
      throw new Error('Module did not self-register: keytar.node\n    at Module._extensions')
    })
    // (Vitest wraps the loader's error in its own first line.)
    const status = await vault.status()
    expect(status.available).toBe(false)
    expect(status.reason).toMatch(/^The keychain library \(keytar\) is not built for this runtime \([^\n]+\)\. Rebuild it with "npm rebuild keytar"\.$/)
  })

  it('says so when what loads is not keytar', async () => {
    const shapes = [
      { default: { getPassword: 'no', findCredentials: () => [] } },
      { default: { getPassword: () => null } },
      { default: undefined, getPassword: () => null, findCredentials: undefined },
    ]
    for (const shape of shapes) {
      const vault = await vaultLoading(() => shape)
      expect(await vault.status()).toEqual({ available: false, reason: 'The keychain library (keytar) loaded but does not look like keytar.' })
    }
  })

  it("uses a keytar that loads, as the module's default export or as the module itself", async () => {
    for (const wrap of [(k: object) => ({ default: k }), (k: object) => ({ default: undefined, ...k })]) {
      const { keytar, entries } = fakeKeytar()
      const vault = await vaultLoading(() => wrap(keytar))
      expect(await vault.status()).toEqual({ available: true })
      expect(await vault.write('p1', { apiKey: 'key-1234', apiSecret: 'secret-5678' })).toBe('keychain')
      expect(entries.size).toBe(1)
    }
  })
})
