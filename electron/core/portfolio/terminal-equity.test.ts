// Equity recorded by the running core, against the demo exchange: every account the key sees gets a
// point each interval, and equity.get reads them back.
import { describe, expect, it } from 'vitest'
import { useTerminalHarness } from '../test/terminal-harness.test-util'

describe('equity over time', () => {
  const h = useTerminalHarness()

  it('records each account’s total while the core runs; equity.get reads the series', async () => {
    const core = await h.open(h.freshDir(), { equityEveryMs: 150 })
    await expect.poll(async () => (await core.call('equity.get', undefined)).every((s) => s.points.length >= 1), { timeout: 10_000 }).toBe(true)
    const series = await core.call('equity.get', undefined)
    expect(series.map((s) => s.accountId)).toEqual(h.demo.accounts.map((a) => a.id))
    const portfolio = await core.call('portfolio.get', { quote: 'USDT', scope: 'profile' })
    for (const s of series) {
      expect(s.quote).toBe('USDT')
      expect(s.points[0]!.value).toMatch(/^\d+(\.\d+)?$/)
      // The demo's market moves: the recorded total is near the one valued now, not equal.
      const now = Number(portfolio.accounts.find((a) => a.id === s.accountId)!.value)
      expect(Math.abs(Number(s.points.at(-1)!.value) - now) / now).toBeLessThan(0.05)
    }
  })

  it('not recorded when switched off', async () => {
    const core = await h.open(h.freshDir(), { equityEveryMs: null })
    await new Promise((r) => setTimeout(r, 300))
    expect((await core.call('equity.get', undefined)).every((s) => s.points.length === 0)).toBe(true)
  })
})
