// Conformance of the account endpoints: accounts and sub-accounts, balances and fee rules per caller.
import { describe, expect, it } from 'vitest'
import { ex, master, sub1, sub2, useExchangeSessions } from './test/sessions.test-util'

useExchangeSessions()

describe('GET /accounts/accounts', () => {
  it('gives the caller only, or the master with its sub-accounts when include_subaccounts is true or 1', async () => {
    const m = ex.accounts[0]!
    const s1 = ex.accounts[1]!
    const s2 = ex.accounts[2]!
    const alone = (await master.get('/accounts/accounts')).json as Record<string, unknown>[]
    expect(alone).toEqual([{ id: m.id, email: m.email, name: m.name }])
    for (const flag of ['true', '1']) {
      const all = (await master.get(`/accounts/accounts?include_subaccounts=${flag}`)).json as Record<string, unknown>[]
      expect(all.map((a) => a.id)).toEqual([m.id, s1.id, s2.id])
      expect(all[0]!.parent_id ?? null).toBeNull()
      expect(all[1]!.parent_id).toBe(m.id)
      expect(all[2]!.parent_id).toBe(m.id)
      for (const a of all) {
        expect(Number.isInteger(a.id)).toBe(true)
        expect(typeof a.email).toBe('string')
        expect(typeof a.name).toBe('string')
      }
    }
    const off = (await master.get('/accounts/accounts?include_subaccounts=false')).json as unknown[]
    expect(off).toHaveLength(1)
  })

  it('shows a sub-account only itself, even with include_subaccounts', async () => {
    const list = (await sub1.get('/accounts/accounts?include_subaccounts=true')).json as Record<string, unknown>[]
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ id: ex.accounts[1]!.id, parent_id: ex.accounts[0]!.id })
  })

  it('rejects a malformed boolean', async () => {
    const r = await master.get('/accounts/accounts?include_subaccounts=maybe')
    expect(r.status).toBe(400)
    expect(r.json).toMatchObject({ code: 'INVALID_PARAMETER' })
  })
})

describe('GET /accounts/balances', () => {
  it("lists the caller's balances in several currencies and wallet types, with typed fields", async () => {
    for (const session of [master, sub1, sub2]) {
      const all = (await session.get('/accounts/balances')).json as Record<string, unknown>[]
      // A master key also sees its sub-accounts' rows, each tagged with its account_id.
      const visible = session.account.parentId === null ? [master, sub1, sub2].map((s) => s.account.id) : [session.account.id]
      expect(new Set(all.map((b) => b.account_id))).toEqual(new Set(visible))
      const rows = all.filter((b) => b.account_id === session.account.id)
      expect(rows.length).toBeGreaterThanOrEqual(4)
      for (const b of rows) {
        expect(typeof b.balance).toBe('number')
        expect(typeof b.reserve).toBe('number')
        expect(typeof b.currency).toBe('string')
        expect(['SPOT', 'CROSS_MARGIN', 'ISOLATED_MARGIN', 'FUNDING']).toContain(b.wallet_type)
        expect(new Date(b.last_update_at as string).toISOString()).toBe(b.last_update_at)
        expect(b.account_id).toBe(session.account.id)
      }
      expect(new Set(rows.map((b) => b.wallet_type)).size).toBeGreaterThanOrEqual(2)
      expect(new Set(rows.map((b) => b.currency)).size).toBeGreaterThanOrEqual(3)
    }
    const usdt = await Promise.all([master, sub1, sub2].map((s) => s.balance('USDT')))
    expect(new Set(usdt.map((b) => b.balance)).size).toBe(3)
  })
  it('writes an 18-decimal balance as a JSON number with every digit, as the real exchange does', async () => {
    const r = await master.get('/accounts/balances')
    // The raw text, not the parsed value: JSON.parse would round the number the test looks for.
    expect(r.text).toMatch(/"balance":1234\.123456789012345678,"reserve":0,"currency":"DAI"/)
  })
})

describe('GET /accounts/feeinfo', () => {
  it('gives each account a default, a pair-specific, a time-bounded and an inactive rule', async () => {
    const seen: string[] = []
    for (const session of [master, sub1, sub2]) {
      const all = (await session.get('/accounts/feeinfo')).json as Record<string, unknown>[]
      const visible = session.account.parentId === null ? [master, sub1, sub2].map((s) => s.account.id) : [session.account.id]
      expect(new Set(all.map((r) => r.account_id))).toEqual(new Set(visible))
      const rules = all.filter((r) => r.account_id === session.account.id)
      for (const r of rules) {
        expect(r.account_id).toBe(session.account.id)
        // An array even when unbounded ([null, null]), as the specification types it; never null.
        expect(Array.isArray(r.active_once) && r.active_once.length === 2, `active_once ${JSON.stringify(r.active_once)}`).toBe(true)
        for (const bound of r.active_once as unknown[]) expect(bound === null || !Number.isNaN(Date.parse(bound as string))).toBe(true)
        expect(typeof r.taker_fee_rate).toBe('number')
        expect(typeof r.maker_fee_rate).toBe('number')
        expect(r.fee_currency === null || typeof r.fee_currency === 'string').toBe(true)
        expect(Number.isInteger(r.priority)).toBe(true)
        expect(r.currency === null || Number.isInteger(r.currency)).toBe(true)
        expect(r.pair === null || Number.isInteger(r.pair)).toBe(true)
        expect(typeof r.is_active).toBe('boolean')
      }
      const unbounded = (r: Record<string, unknown>): boolean => JSON.stringify(r.active_once) === '[null,null]'
      const defaults = rules.filter((r) => r.pair === null && r.currency === null && r.is_active && unbounded(r))
      expect(defaults.length).toBeGreaterThanOrEqual(1)
      expect(rules.some((r) => r.pair !== null && r.is_active)).toBe(true)
      expect(rules.some((r) => (r.active_once as unknown[])[0] !== null && (r.active_once as unknown[])[1] !== null)).toBe(true)
      expect(rules.some((r) => r.is_active === false)).toBe(true)
      seen.push(JSON.stringify(rules.map((r) => [r.taker_fee_rate, r.maker_fee_rate])))
    }
    expect(new Set(seen).size).toBe(3)
  })
})
