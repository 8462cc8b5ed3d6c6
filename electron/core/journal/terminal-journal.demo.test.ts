// The journal of the whole core against the demo exchange: three protected positions on the master
// account (BTC_USDT: taker 0.1 %, maker 0.05 %, a buy's fee in BTC), one closed at its target, one
// stopped out, one closed by hand; journal.get shows the three with their exit, and R as the planned
// risk says: R = net ÷ (|entry − stop| × amount + entry × amount × 0.1 % + stop × amount × 0.1 %),
// where the entries are MARKET (taker 0.1 %) and the stop's exit is a taker (0.1 %). A note and tags
// survive a restart of the core and stay with the account.
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Decimal } from '../../domain/decimal'
import type { Position, TerminalCore } from '../../domain/api/api'
import { driveDemo } from '../positions/test/demo-price.test-util'
import { until, useTerminalHarness } from '../test/terminal-harness.test-util'

const byId = (core: TerminalCore, id: string) => async (): Promise<Position> => (await core.call('positions.list', undefined)).find((p) => p.id === id)!
const held = (p: Position) => p.legs.some((l) => l.role === 'stop' && l.status === 'resting')

describe('the journal of the core, against the demo exchange', () => {
  const h = useTerminalHarness(23, { admin: true })

  it('a target (+R), a stop (about −1 R), a close by hand: each an entry with its exit and R by the plan; notes kept across a restart', async () => {
    const dir = h.freshDir()
    const core = await h.open(dir, { keeperPollMs: 200 })
    const start = Date.now() - 1000
    const last = async () => new Decimal((await core.call('market.ticker', { pair: 'BTC_USDT' }))[0]!.last!)
    // `slippage` null: the position's default (0.5 %); an undefined one would be the '5' below
    const protect = async (stop: Decimal, target?: Decimal, slippage: string | null = '5') =>
      (
        await core.call('positions.protect', {
          pair: 'BTC_USDT',
          side: 'BUY',
          entry: { type: 'MARKET' },
          size: { amount: '0.01' },
          stopLoss: stop.toFixed(),
          ...(slippage ? { slippage } : {}),
          ...(target ? { takeProfits: [{ price: target.toFixed(), share: '100' }] } : {}),
        })
      ).position!.id

    // at the target: the price driven to it, the target's sell (5 under it) fills to the next buyer
    let price = (await last()).toDecimalPlaces(0)
    const won = await protect(price.minus(300), price.plus(300))
    await until(byId(core, won), held)
    await driveDemo(h.demo, price.plus(300).toFixed())
    await until(byId(core, won), (p) => p.legs.some((l) => l.role === 'target' && l.status === 'resting'))
    await driveDemo(h.demo, price.plus(301).toFixed())
    expect((await until(byId(core, won), (p) => p.state === 'closed')).closedBy).toBe('target')

    // stopped out: the price driven to the stop triggers it; its limit (5 under it) sells to the next buyer
    price = (await last()).toDecimalPlaces(0)
    const lost = await protect(price.minus(300))
    await until(byId(core, lost), held)
    await driveDemo(h.demo, price.minus(300).toFixed())
    await driveDemo(h.demo, price.minus(290).toFixed())
    expect((await until(byId(core, lost), (p) => p.state === 'closed')).closedBy).toBe('stop')

    // by hand: the closing sell may go 0.5 % under the price (the default slippage), to the bids there
    price = (await last()).toDecimalPlaces(0)
    const closed = await protect(price.minus(400), undefined, null)
    await until(byId(core, closed), held)
    await core.call('positions.close', { id: closed })
    expect((await until(byId(core, closed), (p) => p.state === 'closed')).closedBy).toBe('manual')

    // the keeper's closes made each trade's picture already, before any journal was read
    const pictures = async () => (await readdir(join(dir, 'journal-pictures'), { recursive: true }).catch(() => [] as string[])).filter((f) => f.endsWith('.svg'))
    await until(pictures, (files) => files.length === 3)

    const journal = await core.call('journal.get', { from: start })
    expect(journal.problems).toEqual([])
    expect(journal.trades.map((t) => [t.positionId, t.exitReason])).toEqual([
      [won, 'target'],
      [lost, 'stop'],
      [closed, 'manual'],
    ])
    for (const t of journal.trades) {
      expect(t.incomplete).toBeNull()
      const [entry, amount, stop] = [new Decimal(t.entry), new Decimal(t.amount), new Decimal(t.stop!)]
      const risk = entry.minus(stop).abs().times(amount).plus(entry.times(amount).times('0.001')).plus(stop.times(amount).times('0.001'))
      expect(t.risk).toBe(risk.toFixed())
      expect(t.r).toBe(new Decimal(t.net).div(risk).toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed())
      expect(t.excursionNote).toBe('1-minute candles')
      expect(new Decimal(t.maeR!).gte(0)).toBe(true)
    }
    const [target, stopped] = journal.trades
    expect(new Decimal(target!.r!).gt(0)).toBe(true)
    // the stop fills at most 5 past the planned stop, which lies about 300 from the entry: about −1 R
    expect(new Decimal(stopped!.r!).toNumber()).toBeGreaterThan(-1.1)
    expect(new Decimal(stopped!.r!).toNumber()).toBeLessThan(-0.9)
    expect(journal.stats).toMatchObject({ count: 3, wins: 1, rCount: 3, excluded: 0 })
    // each closed trade's picture made by the core as the journal was read, kept for journal.picture
    expect(journal.trades.map((t) => t.picture)).toEqual(['saved', 'saved', 'saved'])
    const picture = await core.call('journal.picture', { id: stopped!.id })
    expect(picture?.svg).toContain(`Stop ${stopped!.stop}`)
    expect(picture?.svg).toContain(`Entry ${stopped!.entry}`)

    await core.call('journal.note', { id: target!.id, tags: ['breakout', 'A+'], note: 'waited for the retest' })
    await core.dispose()
    const again = await h.open(dir)
    const reread = await again.call('journal.get', { from: start, tag: 'breakout' })
    expect(reread.trades.map((t) => [t.id, t.tags, t.note])).toEqual([[target!.id, ['breakout', 'A+'], 'waited for the retest']])
  }, 90_000)
})
