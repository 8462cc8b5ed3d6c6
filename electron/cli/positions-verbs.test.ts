// The positions verbs in-process against the demo exchange: protect prints the position and its
// entry's order ids, positions lists it from the data directory, a keeper holds the profile's lock
// (protect then answers queued, with the id the keeper opens the position under),
// position-acknowledge carries on only where it keeps them, position-cancel ends a position nothing
// of which was bought, and a take-profit's share is a percent, named so in and out.
import { describe, expect, it, vi } from 'vitest'
import { EventEmitter } from 'node:events'
import { parseArgs } from './args'
import { EXIT } from './run'
import { useDemoCli } from './test/demo-cli.test-util'
import { protectInputOf, untilStopped, type SignalSource } from './positions-verbs'

const { cli, demo } = useDemoCli(9)

describe('the positions verbs', () => {
  it('protect, positions, a keeper that takes the lock (protect queues), position-cancel', async () => {
    const ticker = (await cli(['ticker', '--pair', 'BTC_USDT'])).json as Array<{ last: string }>
    const entry = Math.floor(Number(ticker[0]!.last) * 0.9)
    const protect = ['protect', '--pair', 'BTC_USDT', '--side', 'BUY', '--entry-price', String(entry), '--amount', '0.001', '--stop-loss', String(entry - 500)]
    const opened = await cli([...protect, '--take-profit', `${entry + 500}:50`, '--take-profit', `${entry + 900}:50`, '--breakeven'])
    expect(opened.stderr).toBe('')
    expect(opened.code).toBe(EXIT.ok)
    const answer = opened.json as { queued: boolean; id: string; position: { id: string; state: string; legs: Array<{ role: string; orderId: string; status: string }>; targets: unknown[] } }
    expect(answer.queued).toBe(false)
    expect(answer.id).toBe(answer.position.id)
    expect(answer.position.state).toBe('pending')
    // the unit in the field's name, as --take-profit PRICE:PERCENT takes it
    expect(answer.position.targets).toEqual([
      { price: String(entry + 500), sharePercent: '50', state: 'waiting' },
      { price: String(entry + 900), sharePercent: '50', state: 'waiting' },
    ])
    expect(answer.position.legs).toEqual([expect.objectContaining({ role: 'entry', status: 'resting', orderId: expect.stringMatching(/^\d+$/) })])

    const listed = (await cli(['positions'])).json as Array<{ id: string; state: string; protection: string; closedBy: null; legs: unknown[] }>
    expect(listed).toEqual([expect.objectContaining({ id: answer.position.id, state: 'pending', protection: 'exchange', closedBy: null })])

    const stop = new AbortController()
    const keeper = cli(['keeper'], { stop: stop.signal })
    await new Promise((r) => setTimeout(r, 300))
    const queued = await cli([...protect])
    expect(queued.json).toMatchObject({ queued: true, position: null })
    // position-acknowledge: only the acting keeper carries on; with one running, it says so
    const elsewhere = await cli(['position-acknowledge', '--id', answer.position.id])
    expect([elsewhere.code, elsewhere.stderr]).toEqual([EXIT.failed, expect.stringContaining('Another process keeps these positions')])
    stop.abort()
    const kept = await keeper
    expect(kept.code).toBe(EXIT.ok)
    // with none running it acts; a position with nothing to acknowledge is answered as it is
    const acknowledged = await cli(['position-acknowledge', '--id', answer.position.id])
    expect(acknowledged.json).toMatchObject({ queued: false, position: { id: answer.position.id, state: 'pending', attention: null } })
    const unknown = await cli(['position-acknowledge', '--id', 'nope'])
    expect([unknown.code, unknown.stderr]).toEqual([EXIT.usage, expect.stringContaining('no position nope')])
    expect((await cli(['position-acknowledge'])).code).toBe(EXIT.usage)
    expect(kept.stdout).toContain('"acting":true')
    expect(kept.stdout).toContain(`"feed":"${demo().feedUrl}"`) // its pairs' trades come from the live feed

    // position-modify: target 2 (counted from 1) and the stop moved, while the entry still rests; a stop over the entry is refused
    const modified = await cli(['position-modify', '--id', answer.position.id, '--stop-loss', String(entry - 400), '--take-profit', `2:${entry + 1000}`])
    expect(modified.json).toMatchObject({ queued: false, position: { stop: { price: String(entry - 400) }, targets: [{ price: String(entry + 500) }, { price: String(entry + 1000) }] } })
    const refused = await cli(['position-modify', '--id', answer.position.id, '--stop-loss', String(entry + 1)])
    expect([refused.code, refused.stderr]).toEqual([EXIT.rejectedLocally, expect.stringContaining('stop must be below the entry')])
    expect((await cli(['position-modify', '--id', answer.position.id, '--take-profit', '0:1'])).code).toBe(EXIT.usage)
    // --entry-price: the pending LIMIT entry is cancelled and placed again at the new price
    const reentered = await cli(['position-modify', '--id', answer.position.id, '--entry-price', String(entry - 100)])
    expect(reentered.json).toMatchObject({ queued: false, position: { state: 'pending', entryPrice: String(entry - 100) } })
    expect((reentered.json as { position: { legs: { role: string; status: string }[] } }).position.legs.map((l) => `${l.role}:${l.status}`)).toEqual(['entry:done', 'entry:resting'])

    const cancelled = await cli(['position-cancel', '--id', answer.position.id])
    expect(cancelled.json).toMatchObject({ queued: false, position: { state: 'cancelled' } })
    const usage = await cli(['protect', '--pair', 'BTC_USDT', '--side', 'BUY', '--entry-market', '--entry-price', '1', '--amount', '1', '--stop-loss', '1'])
    expect(usage.code).toBe(EXIT.usage)
  })
})

describe('protect with a keeper running elsewhere', () => {
  it('prints the id the keeper then opens the queued position under, so a script can follow it', async () => {
    const entry = Math.floor(Number(((await cli(['ticker', '--pair', 'BTC_USDT'])).json as Array<{ last: string }>)[0]!.last) * 0.9)
    const stop = new AbortController()
    let keeperOut = ''
    // polling only: its rounds take the inbox, and no feed socket outlives the test
    const keeper = cli(['keeper'], { env: { TERMINAL_FEED: 'off' }, stop: stop.signal, stdout: { write: (t: string) => (keeperOut += t) } })
    try {
      await vi.waitFor(() => expect(keeperOut).toContain('"acting":true'), { timeout: 5_000 })
      const queued = await cli(['protect', '--pair', 'BTC_USDT', '--side', 'BUY', '--entry-price', String(entry), '--amount', '0.001', '--stop-loss', String(entry - 500)])
      expect(queued.json).toMatchObject({ queued: true, position: null, id: expect.stringMatching(/^pos/) })
      const { id } = queued.json as { id: string }
      // the acting keeper takes the request at its next round (2 s) and opens it under that very id
      const taken = await vi.waitFor(
        async () => {
          const listed = (await cli(['positions'])).json as Array<{ id: string; state: string; legs: Array<{ clientOrderId: string; status: string }> }>
          const mine = listed.find((p) => p.id === id)
          expect(mine?.legs[0]?.status).toBe('resting')
          return mine!
        },
        { timeout: 8_000, interval: 200 },
      )
      expect(taken.legs.map((l) => l.clientOrderId)).toEqual([`${id}-1`])
      expect(keeperOut).toContain(`"id":"${id}"`)
      // and the id is the handle for what follows: the keeper cancels it
      expect((await cli(['position-cancel', '--id', id])).json).toMatchObject({ queued: true, id })
      await vi.waitFor(async () => expect((await cli(['positions'])).json).toContainEqual(expect.objectContaining({ id, state: 'cancelled' })), { timeout: 8_000, interval: 200 })
    } finally {
      stop.abort()
      await keeper
    }
  })

  it('refuses a take-profit whose percent is not above 0 and at most 100, or not given, before anything is sent', async () => {
    const protect = ['protect', '--pair', 'BTC_USDT', '--side', 'BUY', '--entry-price', '100', '--amount', '0.001', '--stop-loss', '90']
    const before = (await cli(['positions'])).json
    for (const target of ['120:0', '120:150', '120', '120:', '120:half', '120:50:1']) {
      const refused = await cli([...protect, '--take-profit', target])
      expect([refused.code, refused.stderr], target).toEqual([EXIT.usage, expect.stringContaining('PRICE:PERCENT')])
    }
    expect((await cli(['positions'])).json).toEqual(before)
    // the percent may say its unit
    expect(protectInputOf(parseArgs([...protect, '--take-profit', '120:50%', '--take-profit', '130:100']).flags).takeProfits).toEqual([
      { price: '120', share: '50' },
      { price: '130', share: '100' },
    ])
  })
})

describe('keeper until stopped', () => {
  // The keeper's timer is unref'd; a `keeper` process that held nothing else ended after its first round.
  it('holds the process open until SIGINT or SIGTERM, and lets go then', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length
    for (const name of ['SIGTERM', 'SIGINT'] as const) {
      const signals = new EventEmitter()
      const before = timers()
      let ended = false
      const waiting = untilStopped(undefined, signals as unknown as SignalSource).then(() => (ended = true))
      expect(timers(), 'a timer holds the event loop').toBe(before + 1)
      await new Promise((r) => setTimeout(r, 10))
      expect(ended).toBe(false)
      signals.emit(name)
      await waiting
      expect(timers()).toBe(before)
      expect(signals.listenerCount('SIGINT') + signals.listenerCount('SIGTERM')).toBe(0)
    }
  })
})
