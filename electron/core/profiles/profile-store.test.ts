import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isTerminalError } from '../../domain/errors'
import { type NewProfile, apiKeyHintOf, createProfileStore } from './profile-store'
import { READ_ONLY_UNSUPPORTED, makeReadOnly, readOnlySupported } from '../test/read-only-fixture.test-util'

let dir: string
let ids: number
const undos: Array<() => void> = []
const START = Date.parse('2026-03-01T10:00:00.000Z')
const clock = { t: START }
const options = () => ({ now: () => new Date(clock.t), newId: () => `id-${++ids}` })
const file = () => join(dir, 'profiles.json')
const onDisk = () => JSON.parse(readFileSync(file(), 'utf8')) as { version: number; profiles: Array<Record<string, unknown>>; activeProfileId: string | null }

const main: NewProfile = { name: 'Main', baseUrl: 'https://exchange.example/api/v3', accountId: null, apiKeyHint: apiKeyHintOf('AK-0000-ABCD'), isDemo: false }
const demo: NewProfile = { name: 'Demo', baseUrl: 'http://127.0.0.1:5055/api/v3', accountId: 1, apiKeyHint: 'DEMO', isDemo: true }

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'profile-store-'))
  ids = 0
  clock.t = START
})
afterEach(() => {
  while (undos.length > 0) undos.pop()!()
  rmSync(dir, { recursive: true, force: true })
})

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (error: unknown) => error,
  )
}

describe('profile store', () => {
  it('keeps profiles in a versioned profiles.json that a restarted store reads back', async () => {
    const store = createProfileStore(dir, options())
    expect(await store.load()).toEqual({ warnings: [] })
    const created = await store.create(main)
    expect(created).toEqual({ ...main, id: 'id-1', apiKeyHint: 'ABCD', createdAt: '2026-03-01T10:00:00.000Z', lastUsedAt: null })
    await store.create(demo)
    expect(onDisk()).toEqual({ version: 1, profiles: [created, expect.objectContaining({ name: 'Demo', isDemo: true })], activeProfileId: null })
    if (process.platform !== 'win32') expect(statSync(file()).mode & 0o777).toBe(0o600)

    const restarted = createProfileStore(dir, options())
    await restarted.load()
    expect(restarted.list().map((p) => p.name)).toEqual(['Main', 'Demo'])
    expect(restarted.findByName('mAiN')?.id).toBe('id-1')
  })

  it('refuses a second profile with the same name, whatever its case, and saves nothing', async () => {
    const store = createProfileStore(dir, options())
    await store.load()
    await store.create(main)
    const error = await caught(store.create({ ...main, name: '  MAIN ' }))
    expect(isTerminalError(error) && error.toData()).toMatchObject({ kind: 'validation', field: 'name', code: 'NAME_TAKEN' })
    expect(onDisk().profiles).toHaveLength(1)
    // Renaming onto another profile's name is refused the same way; keeping one's own name is fine.
    const other = await store.create(demo)
    expect(isTerminalError(await caught(store.update(other.id, { name: 'main' })))).toBe(true)
    expect((await store.update(other.id, { name: 'demo' })).name).toBe('demo')
  })

  it('decides two simultaneous creates with the same name one after the other', async () => {
    const store = createProfileStore(dir, options())
    await store.load()
    const results = await Promise.allSettled([store.create(main), store.create(main)])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect(onDisk().profiles).toHaveLength(1)
  })

  it('changes what is on disk now: a profile another store (process) added meanwhile is kept, and a name it took is refused', async () => {
    const app = createProfileStore(dir, options())
    const cli = createProfileStore(dir, options())
    await app.load()
    await cli.load()
    await cli.create(demo)
    expect(app.list()).toEqual([]) // not re-read yet
    await app.create(main)
    expect(app.list().map((p) => p.name)).toEqual(['Demo', 'Main'])
    expect(onDisk().profiles.map((p) => p.name)).toEqual(['Demo', 'Main'])
    const error = await caught(app.create({ ...main, name: 'demo' }))
    expect(isTerminalError(error) && error.code).toBe('NAME_TAKEN')
    await cli.remove(cli.findByName('Demo')?.id ?? 'id-1')
    await app.refresh()
    expect(app.list().map((p) => p.name)).toEqual(['Main'])
    expect(readdirSync(dir)).toEqual(['profiles.json']) // the lock is gone
  })

  it('updates, activates (stamping last use) and removes', async () => {
    const store = createProfileStore(dir, options())
    await store.load()
    const a = await store.create(main)
    const b = await store.create(demo)
    expect((await store.update(a.id, { accountId: 7, baseUrl: 'https://other.example/api/v3' })).accountId).toBe(7)
    clock.t += 60_000
    await store.setActive(a.id)
    expect(store.activeId()).toBe(a.id)
    expect(store.get(a.id)?.lastUsedAt).toBe('2026-03-01T10:01:00.000Z')
    expect(onDisk().activeProfileId).toBe(a.id)

    await store.remove(a.id)
    expect(store.activeId()).toBeNull()
    expect(store.list().map((p) => p.id)).toEqual([b.id])
    expect(onDisk()).toMatchObject({ activeProfileId: null, profiles: [{ id: b.id }] })
  })

  it('says which profile is unknown as a not-found error', async () => {
    const store = createProfileStore(dir, options())
    await store.load()
    for (const attempt of [store.update('nope', { name: 'x' }), store.remove('nope'), store.setActive('nope')]) {
      const error = await caught(attempt)
      expect(isTerminalError(error) && error.kind).toBe('not-found')
    }
  })

  it('does not let callers change its state by editing what it returned', async () => {
    const store = createProfileStore(dir, options())
    await store.load()
    const created = await store.create(main)
    created.name = 'Hacked'
    store.list()[0]!.name = 'Hacked'
    expect(store.get(created.id)?.name).toBe('Main')
  })
})

describe('profile store with a damaged or foreign file', () => {
  it('keeps a file that is not JSON as a backup, reports it and starts empty', async () => {
    writeFileSync(file(), '{"version":1,"profiles":[{"id":')
    const store = createProfileStore(dir, options())
    const { warnings } = await store.load()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/damaged \(it is not valid JSON\)/)
    const backups = readdirSync(dir).filter((n) => n.startsWith('profiles.json.corrupt-'))
    expect(backups).toHaveLength(1)
    expect(warnings[0]).toContain(join(dir, backups[0]!))
    expect(readFileSync(join(dir, backups[0]!), 'utf8')).toBe('{"version":1,"profiles":[{"id":')
    expect(store.problems()).toEqual(warnings)
    expect(store.list()).toEqual([])

    // Starting over works, and the backup stays.
    await store.create(main)
    expect(onDisk().profiles).toHaveLength(1)
    expect(readdirSync(dir).filter((n) => n.startsWith('profiles.json.corrupt-'))).toHaveLength(1)
  })

  it('keeps a file that does not match the schema as a backup', async () => {
    writeFileSync(file(), JSON.stringify({ version: 1, profiles: [{ id: 'x', name: 'No URL' }], activeProfileId: null }))
    const { warnings } = await createProfileStore(dir, options()).load()
    expect(warnings[0]).toMatch(/profiles\.0/)
    expect(readdirSync(dir).some((n) => n.startsWith('profiles.json.corrupt-'))).toBe(true)
  })

  it('keeps an unreadable file as a backup', async () => {
    mkdirSync(file())
    const { warnings } = await createProfileStore(dir, options()).load()
    expect(warnings[0]).toMatch(/could not be read/)
  })

  it('leaves a file from a newer version untouched and refuses to overwrite it', async () => {
    const text = JSON.stringify({ version: 2, profiles: [], activeProfileId: null, vaults: [] })
    writeFileSync(file(), text)
    const store = createProfileStore(dir, options())
    const error = await caught(store.load())
    expect(isTerminalError(error) && error.toData()).toMatchObject({ kind: 'storage', code: 'FILE_TOO_NEW' })
    expect((error as Error).message).toMatch(/newer version/)
    expect(isTerminalError(await caught(store.create(main)))).toBe(true)
    expect(readFileSync(file(), 'utf8')).toBe(text)
    expect(readdirSync(dir)).toEqual(['profiles.json'])
  })

  it('forgets an active profile id that names no profile', async () => {
    writeFileSync(file(), JSON.stringify({ version: 1, profiles: [], activeProfileId: 'gone' }))
    const store = createProfileStore(dir, options())
    await store.load()
    expect(store.activeId()).toBeNull()
  })
})

describe('profile store on read-only storage', () => {
  beforeEach((ctx) => ctx.skip(!readOnlySupported, READ_ONLY_UNSUPPORTED))

  it('a read-only directory: a clear storage error, the state and the old file unchanged', async () => {
    const store = createProfileStore(dir, options())
    await store.load()
    await store.create(main)
    const before = readFileSync(file(), 'utf8')
    undos.push(makeReadOnly(dir))
    const error = await caught(store.create(demo))
    expect(isTerminalError(error) && error.toData()).toMatchObject({ kind: 'storage', code: 'PROFILES_NOT_SAVED' })
    expect((error as Error).message).toMatch(/not saved/)
    expect(store.list().map((p) => p.name)).toEqual(['Main'])
    expect(readFileSync(file(), 'utf8')).toBe(before)
    // Once the directory is writable again, the same change goes through.
    undos.pop()!()
    await store.create(demo)
    expect(onDisk().profiles).toHaveLength(2)
  })

  it('a read-only file: a clear storage error and the file unchanged', async () => {
    const store = createProfileStore(dir, options())
    await store.load()
    const a = await store.create(main)
    const before = readFileSync(file(), 'utf8')
    undos.push(makeReadOnly(file()))
    const error = await caught(store.setActive(a.id))
    expect(isTerminalError(error) && error.kind).toBe('storage')
    expect((error as Error).message).toMatch(/read-only/)
    expect(store.activeId()).toBeNull()
    expect(readFileSync(file(), 'utf8')).toBe(before)
  })

  it('a damaged file that cannot be moved aside blocks saving instead of being overwritten', async () => {
    writeFileSync(file(), 'not json')
    undos.push(makeReadOnly(dir))
    const store = createProfileStore(dir, options())
    const { warnings } = await store.load()
    expect(warnings[0]).toMatch(/could not be moved aside/)
    const error = await caught(store.create(main))
    expect(isTerminalError(error) && error.code).toBe('PROFILES_FILE_DAMAGED')
    expect(readFileSync(file(), 'utf8')).toBe('not json')
  })
})
