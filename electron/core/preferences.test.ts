import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createPreferenceStore } from './preferences'

let dir: string | null = null
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = null
})

describe('the time-zone preference', () => {
  it('is local time by default, also for a file written before the switch existed', async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefs-'))
    await writeFile(join(dir, 'preferences.json'), JSON.stringify({ version: 1, prefs: { theme: 'light', pair: 'ETH_USDT', interval: '60', confirmOrders: true, hideZeroBalances: false, layout: { sidebar: 20, bottom: 30 } } }))
    const prefs = await createPreferenceStore(dir).get()
    expect(prefs.timeZone).toBe('local')
    expect(prefs.theme).toBe('light')
  })
  it('survives a restart once set to UTC', async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefs-'))
    await createPreferenceStore(dir).set({ timeZone: 'utc' })
    expect(JSON.parse(await readFile(join(dir, 'preferences.json'), 'utf8')).prefs.timeZone).toBe('utc')
    expect((await createPreferenceStore(dir).get()).timeZone).toBe('utc')
  })
})
