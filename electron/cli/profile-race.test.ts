// Two processes (the app and the CLI, or two windows) adding profiles to one profiles.json at the
// same time: every profile survives, because each change re-reads the file under a lock.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { createProfileStore } from '../core/profiles/profile-store'
import { raceTwoProcesses } from './test/profile-race.test-util'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

it('two processes adding 40 profiles each at once: all 80 survive, and a store kept open sees them', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'profile-race-'))
  dirs.push(dataDir)
  const watcher = createProfileStore(dataDir)
  await watcher.load()
  const { a, b } = await raceTwoProcesses({ dataDir, count: 40, mode: 'store' })

  const reopened = createProfileStore(dataDir)
  await reopened.load()
  const names = reopened.list().map((p) => p.name)
  expect(names).toHaveLength(80)
  for (let i = 0; i < 40; i++) expect(names).toEqual(expect.arrayContaining([`a-${i}`, `b-${i}`]))
  expect(new Set(reopened.list().map((p) => p.id))).toEqual(new Set([...a, ...b]))
  expect([...a, ...b]).toContain(reopened.activeId())
  // No lock or temporary file left behind.
  expect(readdirSync(dataDir)).toEqual(['profiles.json'])

  // A store that was open all along (the app's) picks the other processes' profiles up on refresh.
  expect(watcher.list()).toHaveLength(0)
  await watcher.refresh()
  expect(watcher.list()).toHaveLength(80)
  await watcher.create({ name: 'after', baseUrl: 'https://exchange.example/api/v3', accountId: null, apiKeyHint: 'zzzz', isDemo: false })
  await reopened.load()
  expect(reopened.list()).toHaveLength(81)
}, 120_000)
