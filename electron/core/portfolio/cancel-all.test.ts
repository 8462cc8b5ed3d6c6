import { describe, expect, it } from 'vitest'
import type { AccountRef } from '../../domain/portfolio/all-accounts'
import { TerminalError } from '../../domain/errors'
import type { OrderRecord } from '../../domain/wire/wire'
import { cancelAll } from './cancel-all'
import type { Holder } from './open-orders'

const order = (id: number, status = 'OPEN'): OrderRecord => ({ id, account_id: 1, pair: 'BTC_USDT', amount: '1', side: 'BID', status, type: 'LIMIT', tif: null, client_order_id: null })
const account = (id: number, profileId: string | null): AccountRef => ({ id, name: `acc ${id}`, exchange: 'demo', profileId, profileName: profileId })

/** A holder whose open orders and cancel answer the test scripts, one read at a time. */
function holder(profileId: string, reads: Array<OrderRecord[] | Error>, cancel: () => Promise<void> = async () => {}): Holder & { cancels: number } {
  const h = {
    profileId,
    name: profileId,
    exchange: 'demo',
    accountId: 1,
    cancels: 0,
    client: {
      accounts: async () => [],
      recentOrders: async () => {
        const next = reads.length > 1 ? reads.shift()! : reads[0]!
        if (next instanceof Error) throw next
        return next
      },
      cancelOrders: async () => {
        h.cancels++
        await cancel()
        return { kind: 'accepted' as const }
      },
    },
  }
  return h
}
const fast = { sleep: async () => {} }
const lost = () => new TerminalError({ kind: 'network', code: 'NETWORK', message: 'The connection dropped' })

describe('cancel all, account by account, said as the read-back shows', () => {
  it('cancelled: open before, none after', async () => {
    const h = holder('p', [[order(1), order(2)], []])
    const [out] = await cancelAll([h], [account(1, 'p')], fast)
    expect(out).toMatchObject({ result: 'cancelled', before: 2, remaining: 0, message: '2 open orders cancelled.' })
    expect(h.cancels).toBe(1)
  })

  it('nothing open: no cancel is sent', async () => {
    const h = holder('p', [[order(1, 'FILLED')]])
    const [out] = await cancelAll([h], [account(1, 'p')], fast)
    expect(out).toMatchObject({ result: 'nothing', before: 0 })
    expect(h.cancels).toBe(0)
  })

  it('refused by the exchange: failed, in its own words', async () => {
    const h = holder('p', [[order(1)]], async () => {
      throw new TerminalError({ kind: 'rejected', code: 'HTTP_400', message: 'Trading is halted' })
    })
    const [out] = await cancelAll([h], [account(1, 'p')], fast)
    expect(out).toMatchObject({ result: 'failed', before: 1, remaining: 1, message: 'Trading is halted' })
  })

  it('the answer lost: looked up; none open → cancelled, and the lost answer is said', async () => {
    const h = holder('p', [[order(1)], []], async () => {
      throw lost()
    })
    const [out] = await cancelAll([h], [account(1, 'p')], fast)
    expect(out!.result).toBe('cancelled')
    expect(out!.message).toContain('answer was lost (The connection dropped)')
    expect(h.cancels).toBe(1) // never sent twice
  })

  it('the answer lost and the read-back failing too: unknown, never guessed', async () => {
    const h = holder('p', [[order(1)], new Error('down')], async () => {
      throw lost()
    })
    const [out] = await cancelAll([h], [account(1, 'p')], fast)
    expect(out).toMatchObject({ result: 'unknown', remaining: null })
    expect(out!.message).toContain('Check again')
    expect(h.cancels).toBe(1)
  })

  it('still open after the cancel and the read-backs: failed with the count', async () => {
    const h = holder('p', [[order(1), order(2)], [order(2)]])
    const [out] = await cancelAll([h], [account(1, 'p')], fast)
    expect(out).toMatchObject({ result: 'failed', remaining: 1, message: '1 order still open after the cancel.' })
  })

  it('an account no profile holds a key for: named with the reason, nothing sent', async () => {
    const h = holder('p', [[order(1)], []])
    const out = await cancelAll([h], [account(1, 'p'), account(2, null)], fast)
    expect(out.map((o) => o.result)).toEqual(['cancelled', 'no-key'])
    expect(out[1]!.message).toContain('No profile holds this account’s own API key')
    expect(h.cancels).toBe(1)
  })
})
