import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { isTerminalError } from '../../domain/errors'
import { backupPathFor, readJsonFile, writeJsonAtomic } from './atomic-file'
import { READ_ONLY_UNSUPPORTED, makeReadOnly, readOnlySupported } from '../test/read-only-fixture.test-util'

const schema = z.object({ version: z.literal(1), items: z.array(z.string()) })
const fixed = () => new Date('2026-01-31T12:00:00.000Z')

let dir: string
const undos: Array<() => void> = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'atomic-file-'))
})
afterEach(() => {
  while (undos.length > 0) undos.pop()!()
  rmSync(dir, { recursive: true, force: true })
})

describe('writeJsonAtomic', () => {
  it('writes the JSON with mode 0600 and leaves no temporary file behind', async () => {
    const path = join(dir, 'a.json')
    await writeJsonAtomic(path, { version: 1, items: ['x'] })
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ version: 1, items: ['x'] })
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(readdirSync(dir)).toEqual(['a.json'])
  })

  it('replaces an existing file whole', async () => {
    const path = join(dir, 'a.json')
    await writeJsonAtomic(path, { version: 1, items: ['a', 'b', 'c', 'd'] })
    await writeJsonAtomic(path, { version: 1, items: [] })
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ version: 1, items: [] })
  })

  it('reports a missing directory as a storage error', async () => {
    const error = await writeJsonAtomic(join(dir, 'nope', 'a.json'), {}).catch((e: unknown) => e)
    expect(isTerminalError(error) && error.kind).toBe('storage')
    expect((error as Error).message).toContain('does not exist')
  })

  it('fails with a storage error in a read-only directory and keeps the old file', async (ctx) => {
    ctx.skip(!readOnlySupported, READ_ONLY_UNSUPPORTED)
    const path = join(dir, 'a.json')
    await writeJsonAtomic(path, { version: 1, items: ['old'] })
    undos.push(makeReadOnly(dir))
    const error = await writeJsonAtomic(path, { version: 1, items: ['new'] }).catch((e: unknown) => e)
    expect(isTerminalError(error) && error.kind).toBe('storage')
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ version: 1, items: ['old'] })
    expect(readdirSync(dir)).toEqual(['a.json'])
  })

  it('does not replace a file the user made read-only', async (ctx) => {
    ctx.skip(!readOnlySupported, READ_ONLY_UNSUPPORTED)
    const path = join(dir, 'a.json')
    await writeJsonAtomic(path, { version: 1, items: ['old'] })
    undos.push(makeReadOnly(path))
    const error = await writeJsonAtomic(path, { version: 1, items: ['new'] }).catch((e: unknown) => e)
    expect(isTerminalError(error) && error.code).toBe('READ_ONLY')
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ version: 1, items: ['old'] })
  })
})

describe('readJsonFile', () => {
  it('reads a valid file', async () => {
    const path = join(dir, 'a.json')
    writeFileSync(path, JSON.stringify({ version: 1, items: ['x'] }))
    expect(await readJsonFile(path, schema)).toEqual({ status: 'ok', value: { version: 1, items: ['x'] } })
  })

  it('says missing when there is no file', async () => {
    expect((await readJsonFile(join(dir, 'none.json'), schema)).status).toBe('missing')
  })

  it('moves a file that is not JSON aside, byte for byte', async () => {
    const path = join(dir, 'a.json')
    writeFileSync(path, '{"version": 1, "items": [')
    const result = await readJsonFile(path, schema, { now: fixed })
    expect(result).toMatchObject({ status: 'corrupt', reason: 'it is not valid JSON' })
    const backup = backupPathFor(path, fixed())
    expect(result.status === 'corrupt' && result.backupPath).toBe(backup)
    expect(backup).toMatch(/a\.json\.corrupt-2026-01-31T12-00-00-000Z$/)
    expect(readFileSync(backup, 'utf8')).toBe('{"version": 1, "items": [')
    expect(readdirSync(dir)).not.toContain('a.json')
  })

  it('moves a file that does not match the schema aside and says where it is wrong', async () => {
    const path = join(dir, 'a.json')
    writeFileSync(path, JSON.stringify({ version: 1, items: [3] }))
    const result = await readJsonFile(path, schema, { now: fixed })
    expect(result.status).toBe('corrupt')
    expect(result.status === 'corrupt' && result.reason).toContain('items.0')
  })

  it('keeps both backups when two damaged files are met in the same millisecond', async () => {
    const path = join(dir, 'a.json')
    writeFileSync(path, 'first')
    await readJsonFile(path, schema, { now: fixed })
    writeFileSync(path, 'second')
    const second = await readJsonFile(path, schema, { now: fixed })
    const backups = readdirSync(dir).filter((name) => name.includes('.corrupt-'))
    expect(backups).toHaveLength(2)
    expect(second.status === 'corrupt' && readFileSync(second.backupPath!, 'utf8')).toBe('second')
  })

  it('treats an unreadable path as corrupt and moves it aside', async () => {
    const path = join(dir, 'a.json')
    mkdirSync(path) // reading a directory fails like an unreadable file does, even as root
    const result = await readJsonFile(path, schema, { now: fixed })
    expect(result).toMatchObject({ status: 'corrupt', backupPath: backupPathFor(path, fixed()) })
    expect(result.status === 'corrupt' && result.reason).toContain('could not be read')
  })

  it('refuses a file from a newer version and leaves it untouched', async () => {
    const path = join(dir, 'a.json')
    const text = JSON.stringify({ version: 2, items: [], extra: true })
    writeFileSync(path, text)
    const error = await readJsonFile(path, schema, { maxVersion: 1 }).catch((e: unknown) => e)
    expect(isTerminalError(error) && error.code).toBe('FILE_TOO_NEW')
    expect((error as Error).message).toContain('newer version')
    expect(readFileSync(path, 'utf8')).toBe(text)
    expect(readdirSync(dir)).toEqual(['a.json'])
  })
})
