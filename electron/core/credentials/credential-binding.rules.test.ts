// The binding rules on their own, with a session-only vault: what a fresh write stores, which URL
// changes need the key again, and what reading for a request refuses. (Through the terminal, against
// the demo exchange and a hostile host: credential-binding.test.ts.)
import { describe, expect, it } from 'vitest'
import { ORIGIN_CHANGE_MESSAGE } from '../../domain/origin'
import { bindCredentials, originChangeRefusal, readBoundCredentials, rebindCredentials, requireBoundCredentials } from './credential-binding'
import { createVault } from './vault'

const KEY = { apiKey: 'key-1234', apiSecret: 'secret-5678' }
const URL_A = 'https://a.example/api/v3'
const profile = { id: 'p1', name: 'Main', baseUrl: URL_A }

describe('binding a key to an origin', () => {
  it('stores the origin of the URL the key was entered for; an address that is no http(s) URL is refused on its field', () => {
    expect(bindCredentials(KEY, URL_A)).toEqual({ ...KEY, origin: 'https://a.example' })
    for (const url of ['ftp://a.example/api', 'a.example/api/v3']) {
      expect(() => bindCredentials(KEY, url)).toThrow(
        expect.objectContaining({ kind: 'validation', code: 'INVALID_BASE_URL', field: 'baseUrl', message: 'Enter an http(s) URL like https://exchange.example/api/v3.' }),
      )
    }
  })

  it('a URL change to another origin needs the key and the secret again; a rename or a new path does not', () => {
    expect(originChangeRefusal(URL_A, {})).toBeNull()
    expect(originChangeRefusal(URL_A, { baseUrl: 'https://a.example/v4' })).toBeNull()
    expect(originChangeRefusal(URL_A, { baseUrl: 'https://b.example/api/v3', ...KEY })).toBeNull()
    for (const patch of [{}, { apiKey: 'key-new1' }, { apiSecret: 'secret-new1' }]) {
      expect(originChangeRefusal(URL_A, { baseUrl: 'https://b.example/api/v3', ...patch })).toMatchObject({
        kind: 'validation',
        code: 'ORIGIN_CHANGED_NEEDS_KEY',
        field: 'baseUrl',
        message: ORIGIN_CHANGE_MESSAGE,
      })
    }
  })
})

describe('reading a key for a request', () => {
  it('without an entry: none, and a request is refused with what to do', async () => {
    const vault = createVault({ keytar: null })
    expect(await readBoundCredentials(vault, profile)).toBeNull()
    for (const target of [profile, null]) {
      await expect(requireBoundCredentials(vault, target)).rejects.toMatchObject({
        kind: 'keychain',
        code: 'NO_CREDENTIALS',
        message: 'This profile’s API key is not available (the keychain has no entry, or it was kept for a previous session only). Edit the profile and enter the key again.',
      })
    }
  })

  it('for another origin: refused, naming where the key belongs and where it would have gone', async () => {
    const vault = createVault({ keytar: null })
    await vault.write('p1', bindCredentials(KEY, URL_A))
    await expect(requireBoundCredentials(vault, profile, 'https://evil.example/api/v3')).rejects.toMatchObject({
      kind: 'auth',
      code: 'CREDENTIALS_BOUND_ELSEWHERE',
      field: 'baseUrl',
      message: 'The key of "Main" was stored for https://a.example, not for https://evil.example; nothing was sent. Edit the profile and enter the API key and secret again.',
    })
    await expect(requireBoundCredentials(vault, { ...profile, baseUrl: 'not a url' })).rejects.toMatchObject({
      message: 'The key of "Main" was stored for https://a.example, not for this address; nothing was sent. Edit the profile and enter the API key and secret again.',
    })
    expect(await requireBoundCredentials(vault, profile)).toEqual({ ...KEY, origin: 'https://a.example' })
  })

  it('moving the key of a profile without an entry stores nothing', async () => {
    const vault = createVault({ keytar: null })
    await rebindCredentials(vault, 'p1', 'http://127.0.0.1:4000/api/v3')
    expect(await vault.read('p1')).toBeNull()
    await vault.write('p1', bindCredentials(KEY, URL_A))
    await rebindCredentials(vault, 'p1', 'http://127.0.0.1:4000/api/v3')
    expect(await vault.read('p1')).toEqual({ ...KEY, origin: 'http://127.0.0.1:4000' })
  })
})
