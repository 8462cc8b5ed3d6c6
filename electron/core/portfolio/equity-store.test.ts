import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DAY_MS, MINUTE_MS } from '../../domain/portfolio/equity-series'
import { createEquityStore, fileNameOf } from './equity-store'

const dirs: string[] = []
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'equity-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true })
})
const NOW = Date.UTC(2026, 10, 26, 12)
const key = { exchange: 'https://exchange.example', accountId: 7, quote: 'USDT' }

describe('the equity store', () => {
  it('keeps one point a minute, on disk, and reads it back', async () => {
    const store = createEquityStore(fresh(), () => NOW)
    await store.record(key, { t: NOW, value: '100' })
    await store.record(key, { t: NOW + 10_000, value: '101' }) // the same minute
    await store.record(key, { t: NOW + MINUTE_MS, value: '102', unpriced: 1 })
    const { points, warning } = await store.read(key)
    expect(points).toEqual([
      { t: NOW, value: '100' },
      { t: NOW + MINUTE_MS, value: '102', unpriced: 1 },
    ])
    expect(warning).toBeNull()
  })

  it('90 days of one account, recorded every minute, stay under 2 MB on disk', async () => {
    const dir = fresh()
    const store = createEquityStore(dir, () => NOW)
    // Written as the store would have compacted them day by day: the file holds the compacted series.
    const points = []
    for (let t = NOW - 90 * DAY_MS + MINUTE_MS; t < NOW; t += MINUTE_MS) points.push({ t, value: (123456.789 + (t % 997)).toFixed(3) })
    mkdirSync(join(dir, 'equity'), { recursive: true })
    writeFileSync(store.pathOf(key), JSON.stringify({ version: 1, ...key, points }))
    await store.record(key, { t: NOW, value: '1' }) // compacts on write
    const size = statSync(store.pathOf(key)).size
    expect(size).toBeLessThan(2 * 1024 * 1024)
    expect((await store.read(key)).points.length).toBeLessThan(7 * 1440 + 90 * 24 + 2)
  })

  it('a damaged file is set aside and said, and the history starts again', async () => {
    const dir = fresh()
    const store = createEquityStore(dir, () => NOW)
    mkdirSync(join(dir, 'equity'), { recursive: true })
    writeFileSync(store.pathOf(key), '{ not json')
    const { points, warning } = await store.read(key)
    expect(points).toEqual([])
    expect(warning).toContain('was damaged (it is not valid JSON) and was set aside')
    await store.record(key, { t: NOW, value: '5' })
    expect(JSON.parse(readFileSync(store.pathOf(key), 'utf8')).points).toEqual([{ t: NOW, value: '5' }])
  })

  it('a file name holds nothing but the host, the account and the quote', () => {
    expect(fileNameOf({ exchange: 'http://127.0.0.1:8080', accountId: 1111, quote: 'USDT' })).toBe('127.0.0.1_8080-1111-USDT.json')
    expect(fileNameOf({ exchange: 'https://../../etc', accountId: 1, quote: '../X' })).not.toContain('/')
  })
})
