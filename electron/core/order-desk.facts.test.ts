// The order desk's facts, on a scripted exchange: pair records trusted for their time limit and no
// longer, a failed read never remembered, and the account a master key's orders are checked against.
import { describe, expect, it } from 'vitest'
import { TerminalError } from '../domain/errors'
import type { OrderDraft } from '../domain/orders'
import type { Account, Balance, Pair } from '../domain/wire'
import { BTC_USDT } from '../domain/order-rules.test-util'
import type { ExchangeClient } from './exchange/client'
import { createOrderDesk } from './order-desk'

const MASTER = 10
const SUB = 11
// 0.1 BTC at 50 000: 5 000 USDT to spend.
const BUY: OrderDraft = { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.1', limit_price: '50000' }
const usdt = (account: number, amount: string): Balance => ({ account_id: account, currency: 'USDT', wallet_type: 'SPOT', balance: amount, reserve: '0', last_update_at: '2024-01-01T00:00:00Z' })

/** An exchange whose pair list is whatever `exchange.pairs` answers at the moment of the read. */
function setup(exchange: { pairs: () => Pair[]; balances?: Balance[]; accounts?: Account[]; accountId?: number | null }) {
  let clock = 1_000_000
  const reads = { pairs: 0 }
  const client = {
    pairs: async () => {
      reads.pairs++
      return exchange.pairs()
    },
    currencies: async () => [],
    ticker: async () => [{ pair: 'BTC_USDT', last: '50005', buy: '50000', sell: '50010' }],
    balances: async () => exchange.balances ?? [usdt(MASTER, '100000')],
    feeInfo: async () => [],
    accounts: async () => exchange.accounts ?? [],
  } as unknown as ExchangeClient
  const desk = createOrderDesk({ client, accountId: () => (exchange.accountId === undefined ? MASTER : exchange.accountId), now: () => clock, referenceTtlMs: 60_000 })
  return { desk, reads, advance: (ms: number) => void (clock += ms) }
}

const codes = async (check: Promise<{ errors: { code: string }[]; warnings: { code: string }[] }>) => {
  const { errors, warnings } = await check
  return { errors: errors.map((e) => e.code), warnings: warnings.map((w) => w.code) }
}

describe('the order desk\'s facts', () => {
  it('reads the pair\'s rules again once their time limit has passed: a raised minimum applies', async () => {
    let minimum = '0.001'
    const { desk, reads, advance } = setup({ pairs: () => [{ ...BTC_USDT, minimum_order_size: minimum }] })
    expect((await codes(desk.validate(BUY))).errors).toEqual([])
    minimum = '1' // the exchange raises the pair's minimum order size
    advance(30_000)
    expect((await codes(desk.validate(BUY))).errors).toEqual([]) // within the limit: the record read before
    expect(reads.pairs).toBe(1)
    advance(31_000)
    expect((await codes(desk.validate(BUY))).errors).toEqual(['INVALID_QUANTITY'])
    expect(reads.pairs).toBe(2)
  })

  it('does not remember a failed read of the pairs: the next check reads them again at once', async () => {
    let down = true
    const { desk, reads } = setup({
      pairs: () => {
        if (down) throw new TerminalError({ kind: 'network', code: 'NETWORK', message: 'Connection reset.' })
        return [BTC_USDT]
      },
    })
    await expect(desk.validate(BUY)).rejects.toMatchObject({ code: 'NETWORK' })
    down = false
    expect((await codes(desk.validate(BUY))).errors).toEqual([])
    expect(reads.pairs).toBe(2)
  })

  it('without a selected account, checks the funds of the key\'s master account, not of the first account listed', async () => {
    const { desk } = setup({
      pairs: () => [BTC_USDT],
      accountId: null,
      // A master key sees its sub-accounts' rows too; the exchange lists the sub first.
      balances: [usdt(SUB, '0'), usdt(MASTER, '100000')],
      accounts: [
        { id: SUB, name: 'Desk', email: 'desk@example.test', parent_id: MASTER },
        { id: MASTER, name: 'Master', email: 'master@example.test', parent_id: null },
      ],
    })
    expect(await codes(desk.validate(BUY))).toEqual({ errors: [], warnings: [] })
    // The other way round, and a master record without parent_id at all: its empty wallet is the one checked.
    const poor = setup({
      pairs: () => [BTC_USDT],
      accountId: null,
      balances: [usdt(SUB, '100000'), usdt(MASTER, '0')],
      accounts: [
        { id: SUB, name: 'Desk', email: 'desk@example.test', parent_id: MASTER },
        { id: MASTER, name: 'Master', email: 'master@example.test' },
      ],
    })
    expect((await codes(poor.desk.validate(BUY))).warnings).toEqual(['INSUFFICIENT_FUNDS'])
  })
})
