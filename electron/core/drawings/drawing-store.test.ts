import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Drawing } from '../../domain/drawings/drawings'
import { createDrawingStore } from './drawing-store'

const dirs: string[] = []
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'drawings-'))
  dirs.push(dir)
  return dir
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

const T0 = Date.UTC(2026, 0, 1)
const hline = (id: string, price: string, pair = 'BTC_USDT'): Drawing => ({ id, pair, color: '#3b82f6', kind: 'hline', points: [{ time: T0, price }] })
const trend: Drawing = {
  id: 't1',
  pair: 'BTC_USDT',
  color: '#f59e0b',
  kind: 'trendline',
  points: [
    { time: T0, price: '100' },
    { time: T0 + 3_600_000, price: '110.25' },
  ],
}

describe('drawing store', () => {
  it("keeps a profile's drawings per pair, across a restart, exactly as saved", async () => {
    const dir = fresh()
    const store = createDrawingStore(dir)
    await store.save('p1', hline('a', '43000.12345678'))
    await store.save('p1', trend)
    await store.save('p1', hline('b', '2000', 'ETH_USDT'))
    await store.save('p2', hline('c', '1'))
    const again = createDrawingStore(dir)
    expect(await again.list('p1', 'BTC_USDT')).toEqual([hline('a', '43000.12345678'), trend])
    expect(await again.list('p1', 'ETH_USDT')).toEqual([hline('b', '2000', 'ETH_USDT')])
    expect(await again.list('p2', 'BTC_USDT')).toEqual([hline('c', '1')])
    expect(await again.get('p2', 'a')).toBeNull()
  })

  it('a save with a known id moves the drawing; a delete removes it', async () => {
    const dir = fresh()
    const store = createDrawingStore(dir)
    await store.save('p1', hline('a', '100'))
    await store.save('p1', hline('a', '101.5'))
    expect(await createDrawingStore(dir).list('p1', 'BTC_USDT')).toEqual([hline('a', '101.5')])
    expect((await store.remove('p1', 'a')).id).toBe('a')
    expect(await createDrawingStore(dir).list('p1', 'BTC_USDT')).toEqual([])
    await expect(store.remove('p1', 'a')).rejects.toMatchObject({ code: 'UNKNOWN_DRAWING' })
  })

  it('refuses a bad drawing in words and keeps what it had', async () => {
    const dir = fresh()
    const store = createDrawingStore(dir)
    await store.save('p1', hline('a', '100'))
    await expect(store.save('p1', { ...hline('a', '100'), points: [{ time: T0, price: '-5' }] })).rejects.toMatchObject({
      code: 'INVALID_DRAWING',
      message: expect.stringMatching(/points\.0\.price.*nothing was saved/),
    })
    await expect(store.save('p1', { ...trend, id: 'a' })).rejects.toMatchObject({ code: 'DRAWING_CHANGED_KIND' })
    await expect(store.save('p1', { ...hline('x', '1'), color: 'url(javascript:1)' })).rejects.toMatchObject({ code: 'INVALID_DRAWING' })
    expect(await createDrawingStore(dir).list('p1', 'BTC_USDT')).toEqual([hline('a', '100')])
  })

  it('a damaged file is set aside and reported, never read as no drawings and overwritten', async () => {
    const dir = fresh()
    writeFileSync(join(dir, 'drawings.json'), '{"version":1,"drawings":[{"profileId":"p1","savedAt":1,"drawing":{"kind":"hline"}}]}')
    const store = createDrawingStore(dir)
    expect(await store.list('p1', 'BTC_USDT')).toEqual([])
    expect(await store.loadWarning()).toMatch(/drawings file was damaged .* set aside as .*drawings\.json/)
    const aside = readdirSync(dir).filter((f) => f.startsWith('drawings.json.') && f.includes('corrupt'))
    expect(aside).toHaveLength(1)
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toContain('"kind":"hline"')
    await store.save('p1', hline('a', '5'))
    expect(await createDrawingStore(dir).list('p1', 'BTC_USDT')).toEqual([hline('a', '5')])
  })
})
