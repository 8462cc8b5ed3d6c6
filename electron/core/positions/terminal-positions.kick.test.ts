// An entry's stop follows its fill at once: the account feed sees the entry filled and the keeper
// reads its orders then, instead of at its next poll (2 s by default; the time a position is
// unprotected). Here the keeper's poll is ten minutes, so only the account feed can make it act.
import { describe, expect, it } from 'vitest'
import { Decimal } from '../../domain/decimal'
import type { Position } from '../../domain/protection/types'
import { useTerminalHarness } from '../test/terminal-harness.test-util'
import { driveDemo } from './test/demo-price.test-util'

describe('the keeper and the account feed', () => {
  const h = useTerminalHarness(19, { admin: true })

  it("places an entry's stop as soon as the account feed sees the entry filled", async () => {
    const core = await h.open(h.freshDir(), { keeperPollMs: 600_000 })
    const [ticker] = await core.call('market.ticker', { pair: 'BTC_USDT' })
    const entry = new Decimal(ticker!.last!).times('0.99').toDecimalPlaces(0)
    const answer = await core.call('positions.protect', {
      pair: 'BTC_USDT',
      side: 'BUY',
      entry: { type: 'LIMIT', price: entry.toFixed() },
      size: { amount: '0.01' },
      stopLoss: entry.minus(600).toFixed(),
      takeProfits: [],
    })
    const id = answer.position!.id
    const legs = async () => (await core.call('positions.list', undefined)).find((p: Position) => p.id === id)!.legs.map((l) => `${l.role}:${l.status}`)
    expect(await legs()).toEqual(['entry:resting'])
    // the market trades down through the entry: it fills at the exchange
    await driveDemo(h.demo, entry.minus(1).toFixed())
    await expect.poll(legs, { timeout: 5_000, interval: 50 }).toEqual(['entry:done', 'stop:resting'])
  })
})
