// An entry's stop follows its fill at once: the account feed sees the entry filled and the keeper
// reads its orders then, instead of at its next poll (2 s by default; the time a position is
// unprotected). Here the keeper's poll is ten minutes, so only the account feed can make it act. So
// does an iceberg's next slice, and the fill is told as the algorithm's slice, not a plain order's.
import { describe, expect, it } from 'vitest'
import { Decimal } from '../../domain/decimal'
import type { Position } from '../../domain/protection/types'
import { next, useTerminalHarness } from '../test/terminal-harness.test-util'
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
  it("sends an iceberg's next slice as soon as the account feed sees the slice filled, and names it the iceberg's", async () => {
    const core = await h.open(h.freshDir(), { keeperPollMs: 600_000 })
    const [ticker] = await core.call('market.ticker', { pair: 'BTC_USDT' })
    const price = new Decimal(ticker!.last!).times('0.98').toDecimalPlaces(0)
    const { id } = await core.call('algos.start', { kind: 'iceberg', pair: 'BTC_USDT', side: 'BUY', amount: '0.002', slice: '0.001', price: price.toFixed() })
    const slices = async () => (await core.call('algos.list', undefined)).find((a) => a.id === id)!.slices.map((s) => s.status)
    expect(await slices()).toEqual(['resting'])
    const told = next(core, 'notice')
    await driveDemo(h.demo, price.minus(1).toFixed())
    await expect.poll(slices, { timeout: 5_000, interval: 50 }).toEqual(['done', 'resting'])
    expect(await told).toMatchObject({ kind: 'order-filled', title: 'Iceberg slice filled', body: expect.stringContaining('a slice of the Iceberg on BTC/USDT (see Algos)') })
  })
})
