// The pair list and currencies, read once for every caller of one moment and of one profile session.
import { describe, expect, it } from 'vitest'
import type { PairLists } from './pair-lists'
import { LISTS_FRESH_MS, sharedLists } from './pair-lists'

const LISTS: PairLists = { pairs: [], currencies: [] }

function counting(answer: () => Promise<PairLists> = async () => LISTS) {
  let reads = 0
  return {
    fetch: () => {
      reads++
      return answer()
    },
    get reads() {
      return reads
    },
  }
}

describe('sharedLists', () => {
  it('gives every caller of the same session the one read on its way, and its answer for a while after', async () => {
    let clock = 0
    const lists = sharedLists(() => clock)
    const exchange = counting()
    const [a, b] = await Promise.all([lists.read(1, exchange.fetch), lists.read(1, exchange.fetch)])
    expect(a).toBe(b)
    expect(exchange.reads).toBe(1)
    clock = LISTS_FRESH_MS - 1
    await lists.read(1, exchange.fetch)
    expect(exchange.reads).toBe(1)
    // Older than that: read anew.
    clock = LISTS_FRESH_MS + 1
    await lists.read(1, exchange.fetch)
    expect(exchange.reads).toBe(2)
  })

  it("never gives one profile session's lists to another", async () => {
    const lists = sharedLists(() => 0)
    const exchange = counting()
    await lists.read(1, exchange.fetch)
    await lists.read(2, exchange.fetch)
    expect(exchange.reads).toBe(2)
  })

  it('asks again after a failed read, and after forget()', async () => {
    const lists = sharedLists(() => 0)
    let fail = true
    const exchange = counting(async () => {
      if (fail) throw new Error('the exchange is away')
      return LISTS
    })
    await expect(lists.read(1, exchange.fetch)).rejects.toThrow('away')
    fail = false
    await expect(lists.read(1, exchange.fetch)).resolves.toBe(LISTS)
    expect(exchange.reads).toBe(2)
    lists.forget()
    await lists.read(1, exchange.fetch)
    expect(exchange.reads).toBe(3)
  })
})
