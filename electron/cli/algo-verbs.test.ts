// The algorithm verbs in-process against the demo exchange: algo-start (a scaled buy) prints its id
// and its orders resting at the exchange; algos lists it with its progress; with a keeper running,
// algo-start answers queued with the id the keeper then starts it under, and algo-pause / algo-cancel
// are queued for it too; algo-cancel removes what rests. The flags of each kind, as the issue names
// them, make the contract's input, and a bad one is a usage error that sends nothing.
import { describe, expect, it } from 'vitest'
import { parseArgs } from './args'
import { algoStartInputOf, durationOf } from './algo-verbs'
import { EXIT } from './run'
import { useDemoCli } from './test/demo-cli.test-util'

const { cli, demo } = useDemoCli(48, { TERMINAL_FEED: 'off' })

type Answer = { queued: boolean; id: string; algo: { id: string; state: string; orders: { clientOrderId: string; status: string; limitPrice: string }[] } | null }
const flags = (argv: string[]) => parseArgs(argv).flags

describe('the algorithm verbs', () => {
  it('algo-start prints the id and its orders; algos lists it; queued for a keeper elsewhere under that id; algo-cancel removes what rests', async () => {
    const last = Number(((await cli(['ticker', '--pair', 'BTC_USDT'])).json as Array<{ last: string }>)[0]!.last)
    const top = Math.floor(last * 0.9)
    const scaled = ['algo-start', '--kind', 'scaled', '--pair', 'BTC_USDT', '--side', 'BUY', '--amount', '0.003', '--orders', '3', '--from-price', String(top), '--to-price', String(top - 200)]
    const started = await cli(scaled)
    expect(started.stderr).toBe('')
    const answer = started.json as Answer
    expect(answer).toMatchObject({ queued: false, id: expect.stringMatching(/^algo/), algo: { state: 'running' } })
    expect(answer.algo!.orders.map((o) => [o.clientOrderId, o.status, o.limitPrice])).toEqual([
      [`${answer.id}-1`, 'resting', String(top)],
      [`${answer.id}-2`, 'resting', String(top - 100)],
      [`${answer.id}-3`, 'resting', String(top - 200)],
    ])
    expect((await cli(['algos'])).json).toEqual([expect.objectContaining({ id: answer.id, kind: 'scaled', state: 'running', filled: '0', average: null, remaining: '0.003' })])

    const stop = new AbortController()
    const keeper = cli(['keeper'], { stop: stop.signal })
    await new Promise((r) => setTimeout(r, 300))
    const iceberg = await cli(['algo-start', '--kind', 'iceberg', '--pair', 'BTC_USDT', '--side', 'BUY', '--amount', '0.002', '--slice', '0.001', '--price', String(top - 300)])
    const queued = iceberg.json as Answer
    expect(queued).toMatchObject({ queued: true, id: expect.stringMatching(/^algo/), algo: null })
    expect((await cli(['algo-cancel', '--id', answer.id])).json).toMatchObject({ queued: true, id: answer.id, algo: null })
    // the running keeper takes both at its next round (2 s)
    await new Promise((r) => setTimeout(r, 2_500))
    stop.abort()
    const kept = await keeper
    expect(kept.stdout).toContain('"event":"algos.changed"')
    const listed = (await cli(['algos'])).json as Array<{ id: string; state: string; orders: { status: string }[] }>
    expect(listed.find((a) => a.id === answer.id)).toMatchObject({ state: 'cancelled', orders: [{ status: 'done' }, { status: 'done' }, { status: 'done' }] })
    expect(listed.find((a) => a.id === queued.id)).toMatchObject({ state: 'running', orders: [{ status: 'resting' }] })
    const records = (await cli(['orders'])).json as Array<{ client_order_id: string | null; status: string }>
    expect(records.filter((o) => o.client_order_id?.startsWith(answer.id)).map((o) => o.status)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED'])

    // with no keeper, the verbs act themselves
    expect((await cli(['algo-pause', '--id', queued.id])).json).toMatchObject({ queued: false, algo: { state: 'paused', paused: 'Paused by the trader' } })
    expect((await cli(['algo-cancel', '--id', queued.id])).json).toMatchObject({ queued: false, algo: { state: 'cancelled' } })
    const unknown = await cli(['algo-resume', '--id', 'nope'])
    expect([unknown.code, unknown.stderr]).toEqual([EXIT.usage, expect.stringContaining('no algorithm nope')])
  }, 20_000)

  it('reads each kind from the flags the issue names; a bad one is refused before anything is sent', async () => {
    expect(
      algoStartInputOf(
        flags(['--kind', 'twap', '--pair', 'btc_usdt', '--side', 'buy', '--amount', '0.01', '--slices', '5', '--duration', '10m', '--limit-price', '70000', '--randomize', '20', '--finish', 'market']),
      ),
    ).toEqual({
      kind: 'twap',
      pair: 'BTC_USDT',
      side: 'BUY',
      amount: '0.01',
      slices: 5,
      durationMs: 600_000,
      limitPrice: '70000',
      randomizePct: 20,
      finish: 'market',
    })
    expect(algoStartInputOf(flags(['--kind', 'chase', '--pair', 'BTC_USDT', '--side', 'SELL', '--amount', '0.01', '--max-distance', '50', '--max-moves', '3']))).toEqual({
      kind: 'chase',
      pair: 'BTC_USDT',
      side: 'SELL',
      amount: '0.01',
      maxDistance: '50',
      maxMoves: 3,
    })
    expect(
      algoStartInputOf(flags(['--kind', 'scaled', '--pair', 'BTC_USDT', '--side', 'BUY', '--amount', '1', '--orders', '4', '--from-price', '10', '--to-price', '5', '--distribution', 'geometric'])),
    ).toMatchObject({ distribution: 'geometric', orders: 4 })
    expect([durationOf('30s'), durationOf('2h'), durationOf('1.5m')]).toEqual([30_000, 7_200_000, 90_000])
    expect(() => durationOf('10 minutes')).toThrow(/--duration is a number and a unit/)
    const before = demo().stats().orderRequests
    for (const argv of [
      ['algo-start', '--kind', 'vwap', '--pair', 'BTC_USDT', '--side', 'BUY', '--amount', '1'],
      ['algo-start', '--kind', 'twap', '--pair', 'BTC_USDT', '--side', 'BUY', '--amount', '1', '--slices', '5'],
      ['algo-start', '--kind', 'iceberg', '--pair', 'BTC_USDT', '--side', 'BUY', '--amount', '1', '--slice', '0.1', '--price', '1', '--orders', '3'],
    ]) {
      expect((await cli(argv)).code, argv.join(' ')).toBe(EXIT.usage)
    }
    const tooSmall = await cli(['algo-start', '--kind', 'twap', '--pair', 'BTC_USDT', '--side', 'BUY', '--amount', '0.0001', '--slices', '100', '--duration', '1h'])
    expect([tooSmall.code, tooSmall.stderr]).toEqual([EXIT.rejectedLocally, expect.stringContaining('would be refused: Amount must be at least')])
    expect(demo().stats().orderRequests).toBe(before)
  })
})
