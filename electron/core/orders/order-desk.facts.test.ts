// The order desk's facts, on a scripted exchange: pair records trusted for their time limit and no
// longer, a failed read never remembered, and the account a key's orders are checked against.
import { describe, expect, it } from 'vitest'
import { TerminalError } from '../../domain/errors'
import type { OrderDraft } from '../../domain/orders/orders'
import { BTC_USDT } from '../../domain/test/order-rules.test-util'
import { MASTER, SUB, codesOf, master, scriptedDesk, sub, usdt } from './test/order-desk-exchange.test-util'

// 0.1 BTC at 50 000: 5 000 USDT to spend.
const BUY: OrderDraft = { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.1', limit_price: '50000' }
const down = () => {
  throw new TerminalError({ kind: 'network', code: 'NETWORK', message: 'Connection reset.' })
}

describe("the order desk's facts", () => {
  it("reads the pair's rules again once their time limit (60 s by default) has passed: a raised minimum applies", async () => {
    let minimum = '0.001'
    const { desk, reads, advance } = scriptedDesk({ pairs: () => [{ ...BTC_USDT, minimum_order_size: minimum }] })
    expect((await codesOf(desk.validate(BUY))).errors).toEqual([])
    minimum = '1' // the exchange raises the pair's minimum order size
    advance(59_999)
    expect((await codesOf(desk.validate(BUY))).errors).toEqual([]) // within the limit: the record read before
    expect(reads.pairs).toBe(1)
    advance(1)
    expect((await codesOf(desk.validate(BUY))).errors).toEqual(['INVALID_QUANTITY'])
    expect(reads.pairs).toBe(2)
  })

  it('does not remember a failed read of the pairs: the next check reads them again at once', async () => {
    let fail = true
    const { desk, reads } = scriptedDesk({ pairs: () => (fail ? down() : [BTC_USDT]) })
    await expect(desk.validate(BUY)).rejects.toMatchObject({ code: 'NETWORK' })
    fail = false
    expect((await codesOf(desk.validate(BUY))).errors).toEqual([])
    expect(reads.pairs).toBe(2)
  })

  it('a slow read that fails does not throw away the facts read after it', async () => {
    let fail: (error: unknown) => void = () => undefined
    let calls = 0
    const { desk, reads, advance } = scriptedDesk({
      pairs: () => (++calls === 1 ? (new Promise((_, reject) => (fail = reject)) as never) : [BTC_USDT]),
    })
    const first = desk.validate(BUY).catch((error: unknown) => error)
    advance(60_001) // the first read is past its time: the next check reads again
    expect((await codesOf(desk.validate(BUY))).errors).toEqual([])
    fail(new TerminalError({ kind: 'timeout', code: 'TIMEOUT', message: 'No answer in 10 s.' }))
    expect(await first).toMatchObject({ code: 'TIMEOUT' })
    await desk.validate(BUY)
    expect(reads.pairs).toBe(2)
  })
})

describe('the account an order is checked for', () => {
  it('is the selected one, even when the key also sees its master', async () => {
    const { desk } = scriptedDesk({ pairs: () => [BTC_USDT], accountId: SUB, balances: () => [usdt(MASTER, '100000'), usdt(SUB, '0')], accounts: () => [master, sub] })
    expect((await codesOf(desk.validate(BUY))).warnings).toEqual(['INSUFFICIENT_FUNDS'])
  })

  it("without a selection: the one account the key's balances name, without asking for the account list", async () => {
    const { desk, reads } = scriptedDesk({ pairs: () => [BTC_USDT], accountId: null, balances: () => [usdt(SUB, '0')], accounts: () => [] })
    expect((await codesOf(desk.validate(BUY))).warnings).toEqual(['INSUFFICIENT_FUNDS'])
    expect(reads.accounts).toBe(0)
    const rich = scriptedDesk({ pairs: () => [BTC_USDT], accountId: null, balances: () => [usdt(SUB, '100000')], accounts: () => [] })
    expect((await codesOf(rich.desk.validate(BUY))).warnings).toEqual([])
  })

  it('without a selection and without a balance row: not known, so the funds are not checked', async () => {
    const { desk } = scriptedDesk({ pairs: () => [BTC_USDT], accountId: null, balances: () => [], accounts: () => [] })
    expect(await codesOf(desk.validate(BUY))).toEqual({ errors: [], warnings: [] })
  })

  it('without a selection, for a master key: the master of the tree, not the first account listed', async () => {
    // A master key sees its sub-accounts' rows too; the exchange lists the sub first. The master's
    // wallet is the empty one: a check of the sub's would find the money.
    for (const masterRecord of [master, { id: MASTER, name: 'Master', email: 'master@example.test' }]) {
      const { desk } = scriptedDesk({ pairs: () => [BTC_USDT], accountId: null, balances: () => [usdt(SUB, '100000'), usdt(MASTER, '0')], accounts: () => [sub, masterRecord] })
      expect((await codesOf(desk.validate(BUY))).warnings).toEqual(['INSUFFICIENT_FUNDS'])
    }
  })

  it('none when the account list names no master or cannot be read: the order is still checked, its funds not', async () => {
    for (const accounts of [() => [sub, { ...sub, id: 12 }], down]) {
      const { desk } = scriptedDesk({ pairs: () => [BTC_USDT], accountId: null, balances: () => [usdt(SUB, '0'), usdt(12, '0')], accounts })
      expect(await codesOf(desk.validate(BUY))).toEqual({ errors: [], warnings: [] })
    }
  })

  it('none when the balances cannot be read: the order is still checked, its funds not', async () => {
    const { desk } = scriptedDesk({ pairs: () => [BTC_USDT], balances: down })
    expect(await codesOf(desk.validate(BUY))).toEqual({ errors: [], warnings: [] })
  })
})
