// `npm run cli -- drawings --pair P` and `alerts`, in-process, on files the core's own stores wrote.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { createDrawingStore } from '../core/drawings/drawing-store'
import { createAlertStore } from '../core/alerts/alert-store'
import type { Drawing } from '../domain/drawings/drawings'
import { EXIT, runCli } from './run'

const T0 = Date.UTC(2026, 0, 1)
const H = 3_600_000
let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cli-drawings-'))
  return () => rmSync(dir, { recursive: true, force: true })
})

async function cli(argv: string[]) {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, {
    env: { TERMINAL_DATA_DIR: dir },
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    now: () => T0 + H,
    resolveProfile: async (name) => ({ id: name === 'Demo' ? 'p1' : name, baseUrl: 'http://127.0.0.1:1', credentials: { apiKey: 'k', apiSecret: 's' } }),
  })
  return { code, out: stdout ? (JSON.parse(stdout) as Record<string, unknown>) : {}, err: stderr }
}

const trend: Drawing = {
  id: 'tl',
  pair: 'BTC_USDT',
  color: '#3b82f6',
  kind: 'trendline',
  points: [
    { time: T0, price: '100' },
    { time: T0 + 2 * H, price: '110' },
  ],
}
const long: Drawing = {
  id: 'lg',
  pair: 'BTC_USDT',
  color: '#22c55e',
  kind: 'long',
  points: [
    { time: T0, price: '100' },
    { time: T0 + H, price: '100' },
  ],
  stop: '95',
  target: '115',
  amount: '2',
}

describe('npm run cli -- drawings and alerts', () => {
  it("prints a profile's drawings on a pair with what is figured from them, and the alerts each has", async () => {
    const drawings = createDrawingStore(dir)
    await drawings.save('p1', trend)
    await drawings.save('p1', long)
    await drawings.save('p1', { ...trend, id: 'eth', pair: 'ETH_USDT' })
    await drawings.save('p2', { ...trend, id: 'other' })
    const alert = await createAlertStore(dir).create('p1', { kind: 'line', pair: 'BTC_USDT', drawingId: 'tl' }, '104', trend as never)
    const { code, out } = await cli(['drawings', '--pair', 'btc_usdt', '--profile', 'Demo'])
    expect(code).toBe(EXIT.ok)
    expect(out).toMatchObject({
      profile: { id: 'p1', name: 'Demo' },
      pair: 'BTC_USDT',
      drawings: [
        { id: 'tl', kind: 'trendline', name: 'Trend line', priceNow: '105', points: [{ time: T0, price: '100', at: '2026-01-01T00:00:00.000Z' }, { price: '110' }], alerts: [alert.id] },
        { id: 'lg', kind: 'long', figures: { ratio: '3.00', amountAtRisk: '10', amountToGain: '30' }, alerts: [] },
      ],
    })
    expect((out.drawings as unknown[]).length).toBe(2)
  })

  it('alerts names the drawing a line alert follows, or that it was deleted', async () => {
    const drawings = createDrawingStore(dir)
    await drawings.save('p1', trend)
    const alerts = createAlertStore(dir)
    const onLine = await alerts.create('p1', { kind: 'line', pair: 'BTC_USDT', drawingId: 'tl' }, '104', trend as never)
    const plain = await alerts.create('p1', { kind: 'above', pair: 'BTC_USDT', price: '120' }, '104')
    const { out } = await cli(['alerts', '--profile', 'Demo'])
    expect(out.alerts).toMatchObject([
      { id: onLine.id, kind: 'line', drawingId: 'tl', follows: { id: 'tl', kind: 'trendline', name: 'Trend line', priceNow: '105' } },
      { id: plain.id, kind: 'above', follows: null },
    ])
    await drawings.remove('p1', 'tl')
    expect((await cli(['alerts', '--profile', 'Demo'])).out.alerts).toMatchObject([{ follows: { id: 'tl', kind: 'trendline', deleted: true } }, {}])
  })

  it('says what is wrong: no pair, no active profile, a damaged file (left as it is)', async () => {
    expect((await cli(['drawings', '--profile', 'Demo'])).code).toBe(EXIT.usage)
    const none = await cli(['drawings', '--pair', 'BTC_USDT'])
    expect(none.code).toBe(EXIT.usage)
    expect(none.err).toMatch(/No profile is active .* --profile NAME/)
    writeFileSync(join(dir, 'drawings.json'), '{"version":1,"drawings":[{}]}')
    const damaged = await cli(['drawings', '--pair', 'BTC_USDT', '--profile', 'Demo'])
    expect(damaged.code).toBe(EXIT.failed)
    expect(damaged.err).toMatch(/drawings file .*drawings\.json cannot be read.*Nothing was changed/)
  })
})
