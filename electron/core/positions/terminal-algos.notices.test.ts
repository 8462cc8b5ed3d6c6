// The keeper's own cancels are not news, through the whole core: an algorithm's slice the keeper pulls
// (here: the trader cancels the algorithm) raises no "slice cancelled" notice, while a slice cancelled
// outside the algorithm (orders.cancel) does, saying it pauses the algorithm — and it does pause it.
import { describe, expect, it } from 'vitest'
import type { Notice, TerminalCore } from '../../domain/api/api'
import { Decimal } from '../../domain/decimal'
import { useTerminalHarness } from '../test/terminal-harness.test-util'

describe('algorithm slices in the notices', () => {
  const h = useTerminalHarness(48)

  async function iceberg(core: TerminalCore) {
    const [ticker] = await core.call('market.ticker', { pair: 'BTC_USDT' })
    const price = new Decimal(ticker!.last!).times('0.9').toDecimalPlaces(0).toFixed()
    const answer = await core.call('algos.start', { kind: 'iceberg', pair: 'BTC_USDT', side: 'BUY', amount: '0.003', slice: '0.001', price })
    await core.call('account.snapshot', undefined) // the feed has seen the slice rest
    return { id: answer.id, orderId: Number(answer.algo!.slices[0]!.orderId) }
  }

  it("a slice cancelled outside the algorithm is told and pauses it; the keeper's own cancel of a slice is not told", async () => {
    const core = await h.open()
    const notices: Notice[] = []
    core.on('notice', (n) => notices.push(n))

    const outside = await iceberg(core)
    await core.call('orders.cancel', { order_ids: [outside.orderId] })
    await core.call('account.snapshot', undefined)
    expect(notices.filter((n) => n.kind === 'order-cancelled')).toEqual([
      expect.objectContaining({ title: 'Iceberg slice cancelled', body: expect.stringContaining('cancelled outside the algorithm: this pauses the Iceberg') }),
    ])
    await expect.poll(async () => (await core.call('algos.list', undefined)).find((a) => a.id === outside.id)?.state).toBe('paused')
    await core.call('algos.cancel', { id: outside.id })

    notices.length = 0
    const own = await iceberg(core)
    expect((await core.call('algos.cancel', { id: own.id })).algo?.state).toBe('cancelled')
    await core.call('account.snapshot', undefined)
    expect(notices.filter((n) => n.kind === 'order-cancelled')).toEqual([])
  })
})
