// The ladder's volume at each price under a stream of trades: every batch is counted, but the totals
// are written out as text only when something reads them (the ladder on screen), not after each batch.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import type { Trade } from '@domain/wire/wire'
import { setupStores } from '@/features/order-form/test/order-form-harness.test-util'
import { useLadderStore } from '@/stores/ladder/ladder'
import { VolumeAtPrice } from '@/stores/ladder/volume-at-price'

const trade = (id: number, price: string, amount: string): Trade => ({ id, price, amount, type: 'buy', timestamp: 1_700_000_000 + id }) as Trade

afterEach(() => vi.restoreAllMocks())

describe('the session volume at each price', () => {
  it('counts every batch but writes the totals out only when read', async () => {
    const { market } = setupStores()
    const ladder = useLadderStore()
    const totals = vi.spyOn(VolumeAtPrice.prototype, 'totals')
    let list: Trade[] = []
    for (let i = 1; i <= 5; i++) {
      list = [trade(i, i % 2 ? '43000.5' : '43001', '0.1'), ...list]
      market.trades = list
      await nextTick()
    }
    expect(totals).not.toHaveBeenCalled()
    expect(Object.fromEntries(ladder.volumeTotals)).toEqual({ '43000.5': '0.3', '43001': '0.2' })
    expect(Object.fromEntries(ladder.volumeTotals)).toEqual({ '43000.5': '0.3', '43001': '0.2' })
    expect(totals).toHaveBeenCalledTimes(1)

    market.trades = [trade(6, '43001', '0.05'), ...list]
    await nextTick()
    expect(ladder.volumeTotals.get('43001')).toBe('0.25')
    expect(totals).toHaveBeenCalledTimes(2)
  })
})
