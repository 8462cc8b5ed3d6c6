// The vault's entries as other processes and releases see them: the service they are under, the
// origin kept with a key, probes never taken for profiles, and each failure said as what it is.
import { describe, expect, it } from 'vitest'
import { createVault } from './vault'
import { fakeKeytar } from './test/vault-keytar.test-util'

const CREDS = { apiKey: 'AK-1234567890-WXYZ', apiSecret: 'SS-super-secret-0987654321' }
const PROFILES = 'trading-terminal' // the service every release has stored the profiles' keys under
const caught = (promise: Promise<unknown>) => promise.catch((error: unknown) => error)

describe('entries', () => {
  it('are read where earlier releases stored them, with the origin the key belongs to, and without one where none was kept', async () => {
    const { keytar, entries } = fakeKeytar()
    entries.set(`${PROFILES}\u0000p1`, JSON.stringify({ ...CREDS, origin: 'https://a.example' }))
    entries.set(`${PROFILES}\u0000p2`, JSON.stringify(CREDS))
    const vault = createVault({ keytar })
    expect(await vault.read('p1')).toEqual({ ...CREDS, origin: 'https://a.example' })
    expect(await vault.read('p2')).toEqual(CREDS)
    await vault.write('p3', { ...CREDS, origin: 'https://b.example' })
    expect(JSON.parse(entries.get(`${PROFILES}\u0000p3`)!)).toEqual({ ...CREDS, origin: 'https://b.example' })
  })

  it("of probes, under the profiles' service by older releases, are never taken for profiles", async () => {
    const { keytar, entries, calls } = fakeKeytar()
    const old = '__trading-terminal-probe__4242-abc'
    entries.set(`${PROFILES}\u0000${old}`, 'probe')
    entries.set(`${PROFILES}\u0000p1`, JSON.stringify(CREDS))
    const vault = createVault({ keytar })
    expect(await vault.status()).toEqual({ available: true })
    expect(vault.storageOf(old)).toBe('missing')
    expect(await vault.list()).toEqual(['p1'])
    // this release's probe: written and deleted under a service of its own
    expect(calls.filter((c) => c.startsWith('setPassword') || c.startsWith('deletePassword'))).toEqual([
      expect.stringMatching(/^setPassword trading-terminal\.probe __trading-terminal-probe__\d+-\w+$/),
      expect.stringMatching(/^deletePassword trading-terminal\.probe __trading-terminal-probe__\d+-\w+$/),
    ])
  })

  it('need a profile id', async () => {
    const vault = createVault({ keytar: fakeKeytar().keytar })
    for (const call of [vault.write('', CREDS), vault.read(''), vault.remove('')]) {
      expect(await caught(call)).toMatchObject({ kind: 'validation', code: 'INVALID_PROFILE_ID', field: 'id', message: 'A profile id is required.' })
    }
  })

  it('need both the key and the secret', async () => {
    expect(await caught(createVault({ keytar: fakeKeytar().keytar }).write('p1', { apiKey: '', apiSecret: 'x' }))).toMatchObject({
      kind: 'validation',
      code: 'INVALID_CREDENTIALS',
      field: 'form',
      message: 'Both the API key and the API secret are required.',
    })
  })

  it("not in the terminal's format are refused with what to do", async () => {
    const { keytar, entries } = fakeKeytar()
    entries.set(`${PROFILES}\u0000p1`, 'hand-made-secret-value')
    expect(await caught(createVault({ keytar }).read('p1'))).toMatchObject({
      kind: 'keychain',
      code: 'KEYCHAIN_ENTRY_MALFORMED',
      message: 'The keychain entry of this profile (service "trading-terminal") is not in the terminal\'s format. Enter the API key and secret again.',
    })
  })
})

describe('a keychain call that fails after the start-up probe', () => {
  const failing = async (name: 'setPassword' | 'getPassword' | 'deletePassword' | 'findCredentials', message: string) => {
    const { keytar, behaviour } = fakeKeytar()
    const vault = createVault({ keytar })
    expect(await vault.status()).toEqual({ available: true })
    behaviour[name] = new Error(message)
    return vault
  }

  it('is a keychain error saying what could not be done, the secret struck out, and the status then says why', async () => {
    const vault = await failing('setPassword', `refused to store ${CREDS.apiSecret}`)
    expect(await caught(vault.write('p1', CREDS))).toMatchObject({
      kind: 'keychain',
      code: 'KEYCHAIN_WRITE_FAILED',
      message: 'Could not save the credentials in the keychain: The keychain refused the request (refused to store [redacted]).',
    })
    expect(await vault.status()).toEqual({ available: false, reason: 'The keychain refused the request (refused to store [redacted]).' })
  })

  it('reading, deleting and listing each say so', async () => {
    expect(await caught((await failing('getPassword', 'gone')).read('p1'))).toMatchObject({
      code: 'KEYCHAIN_READ_FAILED',
      message: 'Could not read the credentials from the keychain: The keychain refused the request (gone).',
    })
    const vault = await failing('deletePassword', 'no such item')
    expect(await caught(vault.remove('p1'))).toMatchObject({
      kind: 'keychain',
      code: 'KEYCHAIN_DELETE_FAILED',
      message: 'Could not delete the credentials from the keychain: The keychain refused the request (no such item).',
    })
    expect(await vault.status()).toEqual({ available: false, reason: 'The keychain refused the request (no such item).' })
    expect(await caught((await failing('findCredentials', 'closed')).list())).toMatchObject({
      kind: 'keychain',
      code: 'KEYCHAIN_LIST_FAILED',
      message: 'Could not list the keychain entries: The keychain refused the request (closed).',
    })
  })
})

describe('without keytar', () => {
  it('says it is not in this build', async () => {
    expect(await createVault({ keytar: null }).status()).toEqual({ available: false, reason: 'The keychain library (keytar) is not available in this build.' })
  })
})
