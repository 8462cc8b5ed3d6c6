// An account with no coins of its own beside the position, on an exchange that keeps its fee in the
// coins bought (the demo, as ALP.COM by default): the stop rests at the exchange for what the entry put
// in the account, and the position closes by hand — with the whole fill, both were refused for want of
// coins (the protection fell to the terminal and the position could not close).
import { describe, expect, it } from 'vitest'
import { Decimal } from '../../domain/decimal'
import type { Position } from '../../domain/protection/types'
import { until, useTerminalHarness } from '../test/terminal-harness.test-util'

describe('positions on an account that holds none of the coins it buys', () => {
  const h = useTerminalHarness(17)

  it('the stop covers what the account received, and a close sells it', async () => {
    const core = await h.open(h.freshDir())
    const savings = h.demo.accounts.find((a) => a.name === 'Demo Savings')!
    const profile = await core.call('profiles.create', { name: 'Savings', baseUrl: h.demo.baseUrl, apiKey: savings.apiKey, apiSecret: savings.apiSecret })
    await core.call('profiles.activate', { id: profile.id })
    const [ticker] = await core.call('market.ticker', { pair: 'BTC_USDT' })
    const last = new Decimal(ticker!.last!)
    const answer = await core.call('positions.protect', {
      pair: 'BTC_USDT',
      side: 'BUY',
      entry: { type: 'MARKET' },
      size: { amount: '0.003' },
      stopLoss: last.times('0.9').toDecimalPlaces(0).toFixed(),
    })
    const id = answer.position!.id
    const byId = async (): Promise<Position> => (await core.call('positions.list', undefined)).find((p) => p.id === id)!
    const open = await until(byId, (p) => p.legs.some((l) => l.role === 'stop' && l.status === 'resting'))
    expect(open.protection).toBe('exchange')
    const stop = open.legs.find((l) => l.role === 'stop')!
    const filled = new Decimal(open.filled)
    expect(filled.gt(0)).toBe(true)
    expect(new Decimal(stop.amount).lt(filled)).toBe(true)
    expect(new Decimal(stop.amount).eq(filled.times(new Decimal(1).minus(open.entryFeeRate!)).toDecimalPlaces(open.amountPrecision, Decimal.ROUND_DOWN))).toBe(true)
    // the account's BTC is at least what the stop sells: the exchange accepted it
    const balances = (await core.call('account.snapshot', undefined)).balances.filter((b) => b.account_id === savings.id && b.currency === 'BTC' && b.wallet_type.toUpperCase() === 'SPOT')
    expect(new Decimal(balances[0]!.balance).gte(stop.amount)).toBe(true)

    await core.call('positions.close', { id })
    const closed = await until(byId, (p) => p.state === 'closed')
    expect(closed.closedBy).toBe('manual')
    expect(closed.legs.filter((l) => l.status === 'refused')).toEqual([])
  }, 60_000)
})
