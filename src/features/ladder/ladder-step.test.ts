// The ladder's step is the pair's own: a step chosen for BTC/USDT is not DOGE's (or ETH's); a pair with
// none chosen is on the automatic step, fixed from its first book with two levels on a side, so later
// books do not make the rows jump; Auto can be chosen again.
import { describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import type { BookLevel } from '@domain/market/order-book'
import { setupStores } from '@/features/order-form/test/order-form-harness.test-util'
import { ETH_USDT, BTC_USDT } from '@/stores/test/market-fixtures.test-util'
import { usePairsStore } from '@/stores/market/pairs'
import { useBookStore } from '@/stores/market/book'
import { useLadderStore } from '@/stores/ladder/ladder'

const levels = (...prices: string[]): BookLevel[] => prices.map((price) => ({ price, amount: '0.5' }))

async function bookOf(asks: BookLevel[], bids: BookLevel[]): Promise<void> {
  const book = useBookStore()
  book.asks = asks
  book.bids = bids
  await nextTick()
}

describe("the ladder's step", () => {
  it("is the tick until the pair's book comes, then the automatic step, kept while the book changes", async () => {
    setupStores()
    const ladder = useLadderStore()
    expect(ladder.step).toBe('0.01')
    expect(ladder.automaticStep).toBeNull()
    await bookOf(levels('43017.00', '43034.10', '43051.00'), levels('43000.00', '42983.20', '42966.00'))
    expect(ladder.automaticStep).toBe('20')
    expect(ladder.step).toBe('20')
    // the next books (levels a tick apart now) do not move it: the rows do not jump
    await bookOf(levels('43000.01', '43000.02', '43000.03'), levels('43000.00', '42999.99'))
    expect(ladder.step).toBe('20')
  })

  it('a step chosen for one pair is not applied to another; Auto can be chosen again', async () => {
    const { market } = setupStores()
    usePairsStore().pairs = [BTC_USDT, ETH_USDT]
    const ladder = useLadderStore()
    await bookOf(levels('43017.00', '43034.10', '43051.00'), levels('43000.00', '42983.20'))
    await ladder.setStep('10')
    expect(ladder.chosenStep).toBe('10')
    expect(ladder.step).toBe('10')
    market.pair = 'ETH_USDT'
    await nextTick()
    expect(ladder.chosenStep).toBeNull()
    expect(ladder.step).toBe('0.01')
    await bookOf(levels('3001.00', '3001.50', '3002.00'), levels('3000.00', '2999.50'))
    expect(ladder.step).toBe('0.5')
    market.pair = 'BTC_USDT'
    await nextTick()
    expect(ladder.step).toBe('10')
    await ladder.setStep(null)
    expect(ladder.chosenStep).toBeNull()
    expect(ladder.step).toBe('20')
    expect(ladder.settings.steps).toEqual([])
  })
})
