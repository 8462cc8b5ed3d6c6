// algos.* through the terminal, against the demo exchange: a start is checked against the pair's
// rules before anything is kept, then its slice rests at the exchange; algos.changed carries it, list
// shows it; pause sends nothing more and leaves what rests; cancel removes it; the algorithms live in
// the active profile's positions file.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Decimal } from '../../domain/decimal'
import { createExchangeClient } from '../exchange/client'
import { next, useTerminalHarness } from '../test/terminal-harness.test-util'

describe('algos.*', () => {
  const h = useTerminalHarness(48)

  it('start (an iceberg), algos.changed, list, pause, resume, cancel removes what rests', async () => {
    const core = await h.open()
    const [ticker] = await core.call('market.ticker', { pair: 'BTC_USDT' })
    const price = new Decimal(ticker!.last!).times('0.9').toDecimalPlaces(0).toFixed()
    await expect(core.call('algos.start', { kind: 'iceberg', pair: 'BTC_USDT', side: 'BUY', amount: '0.003', slice: '0.000001', price })).rejects.toThrow(
      /not started: a slice of 0.000001 BTC .* would be refused: Amount must be at least/,
    )
    const changed = next(core, 'algos.changed')
    const answer = await core.call('algos.start', { kind: 'iceberg', pair: 'BTC_USDT', side: 'BUY', amount: '0.003', slice: '0.001', price })
    expect(answer).toMatchObject({ queued: false, id: expect.stringMatching(/^algo[0-9a-z]+$/), algo: { state: 'running', kind: 'iceberg' } })
    const id = answer.id
    expect(answer.algo?.slices.map((s) => [s.clientOrderId, s.status, s.amount, s.limitPrice])).toEqual([[`${id}-1`, 'resting', '0.001', price]])
    expect((await changed).algos.map((a) => a.id)).toContain(id)
    expect((await core.call('algos.list', undefined)).map((a) => a.id)).toEqual([id])
    const session = await core.call('session.get', undefined)
    expect(JSON.parse(readFileSync(join(h.dataDir, 'positions', `${session.profile!.id}.json`), 'utf8')).algos.map((a: { id: string }) => a.id)).toEqual([id])

    expect((await core.call('algos.pause', { id })).algo).toMatchObject({ state: 'paused', pause: { reason: 'Paused by the trader' } })
    expect((await core.call('algos.resume', { id })).algo).toMatchObject({ state: 'running', pause: null })
    const cancelled = await core.call('algos.cancel', { id })
    expect(cancelled.algo).toMatchObject({ state: 'cancelled', note: 'Cancelled by the trader with 0.003 BTC not filled' })
    expect(cancelled.algo?.slices.map((s) => s.status)).toEqual(['done'])
    // the exchange's own record of the slice: cancelled
    const { apiKey, apiSecret } = h.demo.accounts[0]!
    const client = createExchangeClient({ baseUrl: h.demo.baseUrl, credentials: async () => ({ apiKey, apiSecret }) })
    expect((await client.recentOrders(undefined, { pair: 'BTC_USDT' })).find((r) => r.client_order_id === `${id}-1`)?.status).toBe('CANCELLED')
    await expect(core.call('algos.cancel', { id: 'nope' })).rejects.toThrow(/no algorithm nope/)
  })
})
