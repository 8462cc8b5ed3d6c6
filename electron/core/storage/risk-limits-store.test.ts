import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { NO_LIMITS } from '../../domain/risk/risk-limits'
import { RISK_LIMITS_FILE, createRiskLimitsStore } from './risk-limits-store'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'limits-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const A = 'https://a.example'
const B = 'http://127.0.0.1:8080'
const limits = { ...NO_LIMITS('USDT'), maxOrderValue: '1000', maxOpenOrders: 3 }

describe('the risk limits store', () => {
  it('keeps limits per exchange origin and account id, in one file another process reads at once', async () => {
    const store = createRiskLimitsStore(dir)
    expect(await store.read(A, 7)).toEqual({ status: 'ok', limits: null })
    await store.write(A, 7, limits)
    await store.write(B, 7, { ...limits, currency: 'BTC' })
    expect(await store.read(A, 7)).toEqual({ status: 'ok', limits })
    expect(await store.read(A, 8)).toEqual({ status: 'ok', limits: null })
    // A second store (the CLI) over the same directory sees it: nothing is cached.
    const other = createRiskLimitsStore(dir)
    expect(await other.read(B, 7)).toMatchObject({ status: 'ok', limits: { currency: 'BTC' } })
    expect(await other.readExchange(A)).toEqual({ status: 'ok', accounts: { '7': limits } })
    await other.write(A, 7, null)
    expect(await store.read(A, 7)).toEqual({ status: 'ok', limits: null })
  })

  it('an order whose account could not be told: no limits only when the exchange has none', async () => {
    const store = createRiskLimitsStore(dir)
    expect(await store.read(A, null)).toEqual({ status: 'ok', limits: null })
    await store.write(A, 7, limits)
    expect(await store.read(A, null)).toMatchObject({ status: 'unknown' })
    expect(await store.read(B, null)).toEqual({ status: 'ok', limits: null })
  })

  it('a damaged file is left in place and read as "limits unknown" every time, never as "no limits"', async () => {
    writeFileSync(join(dir, RISK_LIMITS_FILE), '{"version": 1, "accounts": {"x": {"currency": 5}}')
    const store = createRiskLimitsStore(dir)
    const first = await store.read(A, 7)
    expect(first).toMatchObject({ status: 'unknown', problem: expect.stringContaining('damaged') })
    expect(await store.read(A, 7)).toEqual(first)
    writeFileSync(join(dir, RISK_LIMITS_FILE), JSON.stringify({ version: 1, accounts: { [`${A} #7`]: { ...limits, maxOrderValue: '-5' } } }))
    expect(await store.read(A, 7)).toMatchObject({ status: 'unknown' })
  })

  it('setting limits over a damaged file keeps the damaged one beside it as a backup', async () => {
    writeFileSync(join(dir, RISK_LIMITS_FILE), 'not json')
    const store = createRiskLimitsStore(dir, () => new Date('2026-11-26T10:00:00Z'))
    await store.write(A, 7, limits)
    expect(await store.read(A, 7)).toEqual({ status: 'ok', limits })
    const backup = readdirSync(dir).find((f) => f.startsWith(`${RISK_LIMITS_FILE}.corrupt-`))!
    expect(readFileSync(join(dir, backup), 'utf8')).toBe('not json')
  })
})
