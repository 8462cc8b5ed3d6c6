import { afterEach, describe, expect, it, vi } from 'vitest'
import { isTerminalError } from '../../domain/errors'
import { KEYCHAIN_SERVICE, createVault } from './vault'
import { fakeKeytar } from './test/vault-keytar.test-util'

// Every write to disk through node:fs is recorded, so the tests can show that the vault never puts a
// secret in a file, whatever happens to the keychain.
const diskWrites = vi.hoisted(() => [] as string[])
function recording<T extends Record<string, unknown>>(actual: T, names: string[]): T {
  const copy: Record<string, unknown> = { ...actual }
  for (const name of names) {
    const original = actual[name]
    if (typeof original !== 'function') continue
    copy[name] = (...args: unknown[]) => {
      diskWrites.push(args.map((a) => (typeof a === 'string' || Buffer.isBuffer(a) ? String(a) : '')).join(' '))
      return (original as (...a: unknown[]) => unknown)(...args)
    }
  }
  return copy as T
}
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>()
  return { ...recording(actual, ['writeFileSync', 'appendFileSync', 'writeSync', 'writeFile', 'appendFile', 'createWriteStream']), default: actual }
})
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>()
  return { ...recording(actual, ['writeFile', 'appendFile', 'open']), default: actual }
})

const CREDS = { apiKey: 'AK-1234567890-WXYZ', apiSecret: 'SS-super-secret-0987654321' }

afterEach(() => {
  diskWrites.length = 0
})

describe('vault over a working keychain', () => {
  it('keeps one entry per profile under the service name, readable after a restart, and deletes it', async () => {
    const { keytar, entries } = fakeKeytar()
    const vault = createVault({ keytar })
    expect(await vault.status()).toEqual({ available: true })
    expect(await vault.write('p1', CREDS)).toBe('keychain')
    expect(JSON.parse(entries.get(`${KEYCHAIN_SERVICE}\u0000p1`)!)).toEqual(CREDS)
    expect(vault.storageOf('p1')).toBe('keychain')

    const restarted = createVault({ keytar })
    await restarted.status()
    expect(restarted.storageOf('p1')).toBe('keychain')
    expect(await restarted.read('p1')).toEqual(CREDS)
    expect(await restarted.list()).toEqual(['p1'])

    await restarted.remove('p1')
    expect(entries.size).toBe(0)
    expect(await restarted.read('p1')).toBeNull()
    expect(restarted.storageOf('p1')).toBe('missing')
    expect(diskWrites.join('\n')).not.toContain(CREDS.apiSecret)
  })

  it('leaves no probe entry behind and does not list it', async () => {
    const { keytar, entries } = fakeKeytar()
    const vault = createVault({ keytar })
    await vault.status()
    expect(entries.size).toBe(0)
    expect(await vault.list()).toEqual([])
  })

  it('hands every secret it sees to the logger for masking', async () => {
    const { keytar } = fakeKeytar()
    const seen: string[] = []
    await createVault({ keytar }).write('p1', CREDS)
    await createVault({ keytar, registerSecret: (s) => seen.push(s) }).read('p1')
    expect(seen).toEqual(expect.arrayContaining([CREDS.apiSecret, CREDS.apiKey]))
  })

  it('reports an entry that is not its own format without echoing it', async () => {
    const { keytar, entries } = fakeKeytar()
    entries.set(`${KEYCHAIN_SERVICE}\u0000p1`, 'hand-made-secret-value')
    const error = await createVault({ keytar })
      .read('p1')
      .catch((e: unknown) => e)
    expect(isTerminalError(error) && error.code).toBe('KEYCHAIN_ENTRY_MALFORMED')
    expect((error as Error).message).not.toContain('hand-made-secret-value')
  })

  it('rejects empty credentials as a validation error', async () => {
    const { keytar } = fakeKeytar()
    const error = await createVault({ keytar })
      .write('p1', { apiKey: '', apiSecret: 'x' })
      .catch((e: unknown) => e)
    expect(isTerminalError(error) && error.kind).toBe('validation')
  })
})

describe('vault without a usable keychain', () => {
  it('without keytar: says so, keeps credentials for this session only, and writes nothing to disk', async () => {
    const vault = createVault({ keytar: null })
    const status = await vault.status()
    expect(status.available).toBe(false)
    expect(status.reason).toMatch(/keytar/)
    expect(await vault.write('p1', CREDS)).toBe('session')
    expect(vault.storageOf('p1')).toBe('session')
    expect(await vault.read('p1')).toEqual(CREDS)
    expect(await vault.list()).toEqual(['p1'])
    expect(diskWrites.join('\n')).not.toContain(CREDS.apiSecret)
    expect(diskWrites.join('\n')).not.toContain(CREDS.apiKey)

    // A restart forgets them: they were never stored anywhere else.
    expect(await createVault({ keytar: null }).read('p1')).toBeNull()
    await vault.remove('p1')
    expect(vault.storageOf('p1')).toBe('missing')
  })

  it('without a Secret Service on D-Bus: the reason names D-Bus and credentials stay in memory', async () => {
    const { keytar, entries } = fakeKeytar({ findCredentials: new Error('Cannot autolaunch D-Bus without X11 $DISPLAY') })
    const vault = createVault({ keytar })
    const status = await vault.status()
    expect(status).toMatchObject({ available: false })
    expect(status.reason).toMatch(/Secret Service.*D-Bus/)
    expect(await vault.write('p1', CREDS)).toBe('session')
    expect(entries.size).toBe(0)
  })

  it('with a locked keychain (listing works, writing does not): the reason says locked', async () => {
    const { keytar } = fakeKeytar({ setPassword: new Error('Object does not exist at path “/org/freedesktop/secrets/collection/login”') })
    const status = await createVault({ keytar }).status()
    expect(status.available).toBe(false)
    expect(status.reason).toMatch(/locked/)
  })

  it('a keychain that hangs at start-up times out and the session fallback takes over', async () => {
    const { keytar } = fakeKeytar({ findCredentials: 'hang' })
    const vault = createVault({ keytar, timeoutMs: 50 })
    const started = Date.now()
    const status = await vault.status()
    expect(Date.now() - started).toBeLessThan(2000)
    expect(status.available).toBe(false)
    expect(status.reason).toMatch(/did not answer within 0\.1 s|did not answer within 0 s|did not answer/)
    expect(await vault.write('p1', CREDS)).toBe('session')
  })

  it('a read that hangs becomes a keychain error, and the status then says why', async () => {
    const { keytar } = fakeKeytar({ getPassword: 'hang' })
    const vault = createVault({ keytar, timeoutMs: 50 })
    expect((await vault.status()).available).toBe(true)
    const error = await vault.read('p1').catch((e: unknown) => e)
    expect(isTerminalError(error) && error.kind).toBe('keychain')
    expect((error as Error).message).toMatch(/did not answer/)
    expect((await vault.status()).reason).toMatch(/did not answer/)
    // Once the keychain is known to be unreachable, the user can go on for the session.
    expect(await vault.write('p1', CREDS)).toBe('session')
  })

  it('a failed write is a keychain error that never contains the secret', async () => {
    const { keytar, behaviour } = fakeKeytar()
    const vault = createVault({ keytar })
    await vault.status()
    behaviour.setPassword = new Error(`refused to store ${JSON.stringify(CREDS)}`)
    const error = await vault.write('p1', CREDS).catch((e: unknown) => e)
    expect(isTerminalError(error) && error.kind).toBe('keychain')
    expect((error as Error).message).not.toContain(CREDS.apiSecret)
    expect((error as Error).message).not.toContain(CREDS.apiKey)
  })

  it('a refreshed status probes again, so an unlocked keychain is used from then on', async () => {
    const { keytar, behaviour } = fakeKeytar({ setPassword: new Error('Cannot create an item in a locked collection') })
    const vault = createVault({ keytar })
    expect((await vault.status()).available).toBe(false)
    delete behaviour.setPassword
    expect((await vault.status()).available).toBe(false) // cached
    expect(await vault.status({ refresh: true })).toEqual({ available: true })
    expect(await vault.write('p1', CREDS)).toBe('keychain')
  })
})
