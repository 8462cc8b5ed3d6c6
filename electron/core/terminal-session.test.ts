// Switching profiles and accounts in the terminal core, against the real demo exchange.
import { describe, expect, it } from 'vitest'
import { useTerminalHarness } from './terminal-harness.test-util'

describe('terminal session switching', () => {
  const h = useTerminalHarness()

  it('switches between profiles and accounts without mixing their data, and without growing', async () => {
    const core = await h.open()
    const sub = h.demo.accounts[1]!
    const subProfile = await core.call('profiles.create', { name: 'Sub one', baseUrl: h.demo.baseUrl, apiKey: sub.apiKey, apiSecret: sub.apiSecret })
    expect(subProfile).toMatchObject({ accountId: sub.id, apiKeyHint: sub.apiKey.slice(-4), isDemo: true })
    expect(JSON.stringify(subProfile)).not.toContain(sub.apiSecret)

    let session = await core.call('session.get', undefined)
    const master = session.profile!
    const tree = session.accounts
    expect(tree.find((a) => a.id === sub.id)?.profileId).toBe(subProfile.id)
    expect(tree.find((a) => a.id === h.demo.accounts[2]!.id)?.viewOnlyReason).toMatch(/view-only/)

    // Every account.changed seen must belong to the account selected at that generation.
    const selectedAt = new Map<number, number | null>()
    const mixed: string[] = []
    const dispose = core.on('account.changed', (s) => {
      if (!selectedAt.has(s.generation)) return
      const want = selectedAt.get(s.generation)
      for (const b of s.balances) if (b.account_id !== want) mixed.push(`gen ${s.generation}: balance of ${b.account_id} shown for ${want}`)
      for (const f of s.feeRules) if (f.account_id !== want) mixed.push(`gen ${s.generation}: fee rule of ${f.account_id} shown for ${want}`)
    })

    const heap: number[] = []
    for (let i = 0; i < 200; i++) {
      session = i % 2 === 0 ? await core.call('accounts.select', { accountId: sub.id }) : await core.call('profiles.activate', { id: master.id })
      selectedAt.set(session.generation, session.accountId)
      if (i % 2 === 0) expect(session.profile?.id).toBe(subProfile.id)
      const snap = await core.call('account.snapshot', undefined)
      for (const b of snap.balances) expect(b.account_id).toBe(session.accountId)
      for (const f of snap.feeRules) expect(f.account_id).toBe(session.accountId)
      if (i === 20 || i === 199) {
        global.gc?.()
        heap.push(process.memoryUsage().heapUsed)
      }
    }
    dispose()
    expect(mixed).toEqual([])
    expect(global.gc, "run with --expose-gc (vitest.config.mts)").toBeTypeOf("function")
    expect(heap[1]! - heap[0]!).toBeLessThan(8 * 1024 * 1024)
  }, 60_000)
})
