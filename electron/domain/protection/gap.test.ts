// A stop-limit that gapped: the market past the stop *and* its limit, so the triggered limit rests
// unfilled. Seen from the first price beyond the limit, said in words, and closed by the fallback the
// trader chose — never more than is held, never before the stop's cancel is confirmed.
import { describe, expect, it } from 'vitest'
import { protectionWords } from './describe'
import { step } from './step'
import type { PositionEvent, PositionPlan } from './types'
import { PLAN, accepted, confirmed, filled, run } from '../test/position-plan.test-util'

const price = (p: string): PositionEvent => ({ type: 'price-moved', price: p })
/** A long of 1 BTC bought at 100, its STOP_LIMIT (stop 95, limit 94) resting as order p1-2. */
const OPEN = [accepted(1), filled(1, '1', true), accepted(2)]
const cancelStop = { type: 'cancel', clientOrderId: 'p1-2', orderId: 'x2' }

describe('a gapped stop', () => {
  it('reads as protected while the market is above the limit, and as not filled the moment a price lies below it', () => {
    expect(protectionWords(run(PLAN, ...OPEN, price('94.5')).position).text).toBe('protected by the exchange')
    const gapped = run(PLAN, ...OPEN, price('92.5'))
    expect(protectionWords(gapped.position)).toEqual({ kind: 'gapped', text: 'Stop triggered but not filled: the market is 1.6 % below its limit; the terminal sells at market' })
    expect(gapped.position.gap).toMatchObject({ stopPrice: '95', limitPrice: '94', price: '92.5', fallback: 'market' })
    // a price at the limit can still fill it: no gap
    expect(run(PLAN, ...OPEN, price('94')).position.gap).toBeUndefined()
  })

  it('market (the default): cancels the stop, and only once the cancel is confirmed sells what is held at market', () => {
    const gapped = run(PLAN, ...OPEN, price('92.5'))
    expect(gapped.actions).toEqual([cancelStop])
    // more prices while the cancel is out send nothing
    expect(step(gapped.position, price('92')).actions).toEqual([])
    const cancelled = run(PLAN, ...OPEN, price('92.5'), price('92'), confirmed(2))
    expect(cancelled.actions).toEqual([{ type: 'place', role: 'close', clientOrderId: 'p1-3', side: 'SELL', orderType: 'MARKET', amount: '1' }])
    const closed = run(PLAN, ...OPEN, price('92.5'), confirmed(2), accepted(3), filled(3, '1', true))
    expect(closed.position).toMatchObject({ state: 'closed', closedBy: 'stop', exited: '1' })
    expect(protectionWords(closed.position).text).toBe('closed by stop, by the fallback: market, sent at 92.5 (2.6 % below the stop)')
  })

  it('a stop partly filled before the gap: the market sells only the rest', () => {
    const r = run(PLAN, ...OPEN, filled(2, '0.3'), price('93'), confirmed(2, '0.3'))
    expect(r.actions).toEqual([{ type: 'place', role: 'close', clientOrderId: 'p1-3', side: 'SELL', orderType: 'MARKET', amount: '0.7' }])
    // the stop filled more while its cancel was out: the cancel's record says so, and only what is left is sold
    expect(run(PLAN, ...OPEN, price('93'), confirmed(2, '0.9')).actions).toEqual([{ type: 'place', role: 'close', clientOrderId: 'p1-3', side: 'SELL', orderType: 'MARKET', amount: '0.1' }])
    // or it filled whole: nothing to sell
    expect(run(PLAN, ...OPEN, price('93'), confirmed(2, '1')).position).toMatchObject({ state: 'closed', closedBy: 'stop' })
  })

  it('a short mirrors it: the market above the limit, a buy back no larger than owed', () => {
    const short: PositionPlan = { ...PLAN, side: 'SELL', stop: { price: '105', limit: '106' } }
    const gapped = run(short, ...OPEN, price('107.2'))
    expect(protectionWords(gapped.position).text).toBe('Stop triggered but not filled: the market is 1.1 % above its limit; the terminal sells at market')
    // the exchange's MARKET BUY spends a quote amount: a LIMIT the stop's offset beyond the market buys back exactly what is owed
    expect(run(short, ...OPEN, price('107.2'), confirmed(2)).actions).toEqual([
      { type: 'place', role: 'close', clientOrderId: 'p1-3', side: 'BUY', orderType: 'LIMIT', amount: '1', limitPrice: '108.2' },
    ])
    // and if the market runs past that too, it goes again at the new price, once its cancel is confirmed
    const ran = run(short, ...OPEN, price('107.2'), confirmed(2), accepted(3), price('109'))
    expect(ran.actions).toEqual([{ type: 'cancel', clientOrderId: 'p1-3', orderId: 'x3' }])
    expect(step(ran.position, confirmed(3)).actions).toEqual([{ type: 'place', role: 'close', clientOrderId: 'p1-4', side: 'BUY', orderType: 'LIMIT', amount: '1', limitPrice: '110' }])
  })

  it('chase: the limit again at the market less the stop’s offset, three times, then market', () => {
    const chase: PositionPlan = { ...PLAN, stopFallback: 'chase' }
    const first = run(chase, ...OPEN, price('92.5'), confirmed(2))
    expect(first.actions).toEqual([{ type: 'place', role: 'close', clientOrderId: 'p1-3', side: 'SELL', orderType: 'LIMIT', amount: '1', limitPrice: '91.5' }])
    expect(protectionWords(first.position).text).toContain('the terminal chases it with a limit (try 1 of 3, then market)')
    // still resting while the market stays at or above its limit: nothing
    const resting = run(chase, ...OPEN, price('92.5'), confirmed(2), accepted(3), price('91.5'))
    expect(resting.actions).toEqual([])
    const events = [...OPEN, price('92.5'), confirmed(2), accepted(3), price('90'), confirmed(3), accepted(4), price('88'), confirmed(4), accepted(5), price('86'), confirmed(5)]
    const afterThree = run(chase, ...events)
    expect(afterThree.actions).toEqual([{ type: 'place', role: 'close', clientOrderId: 'p1-6', side: 'SELL', orderType: 'MARKET', amount: '1' }])
    expect(afterThree.position.legs.filter((l) => l.fallback === 'chase').map((l) => l.limitPrice)).toEqual(['91.5', '89', '87'])
    const closed = run(chase, ...events, accepted(6), filled(6, '1', true))
    expect(protectionWords(closed.position).text).toBe('closed by stop, by the fallback: market, sent at 86 (9.5 % below the stop)')
  })

  it('hold: the order stays, the position asks the trader once, and what they decide goes', () => {
    const hold: PositionPlan = { ...PLAN, stopFallback: 'hold' }
    const gapped = run(hold, ...OPEN, price('92.5'))
    expect(gapped.actions).toEqual([])
    expect(gapped.position.attention).toEqual({ reason: 'stop-gapped', price: '92.5' })
    expect(protectionWords(gapped.position).text).toBe('Stop triggered but not filled: the market is 1.6 % below its limit; held, as you chose: you decide')
    const carried = run(hold, ...OPEN, price('92.5'), { type: 'acknowledged' }, price('92'))
    expect(carried.position.attention).toBeNull()
    expect(carried.actions).toEqual([])
    expect(protectionWords(carried.position).text).toBe('Stop triggered but not filled: the market is 2.1 % below its limit; held, as you chose')
    // the market back at the limit: the triggered order may fill now
    expect(protectionWords(run(hold, ...OPEN, price('92.5'), { type: 'acknowledged' }, price('94.2')).position).text).toContain('Stop triggered: its limit sell at 94 rests at the exchange')
    // the trader closes instead: the stop is cancelled, and once that is confirmed what is held is sold at market
    expect(run(hold, ...OPEN, price('92.5'), { type: 'close', price: '92.5' }).actions).toEqual([cancelStop])
    const closing = run(hold, ...OPEN, price('92.5'), { type: 'close', price: '92.5' }, confirmed(2))
    expect(closing.actions).toEqual([{ type: 'place', role: 'close', clientOrderId: 'p1-3', side: 'SELL', orderType: 'MARKET', amount: '1' }])
    const closed = step(closing.position, filled(3, '1', true))
    expect(closed.position).toMatchObject({ state: 'closed', closedBy: 'manual' })
  })

  it('a market sale refused for want of bids goes on as a limit past the market; any other refusal stops and asks the trader', () => {
    const refused = (n: number, reason: string): PositionEvent => ({ type: 'refused', clientOrderId: `p1-${n}`, reason })
    const noBids = run(PLAN, ...OPEN, price('92.5'), confirmed(2), refused(3, 'There is no bid on BTC_USDT to trade against. (NO_LIQUIDITY)'))
    expect(noBids.actions).toEqual([{ type: 'place', role: 'close', clientOrderId: 'p1-4', side: 'SELL', orderType: 'LIMIT', amount: '1', limitPrice: '91.5' }])
    const halted = step(noBids.position, refused(4, 'Insufficient funds'))
    expect(halted.actions).toEqual([])
    expect(halted.position.attention).toEqual({ reason: 'stop-gapped', price: '92.5' })
    expect(protectionWords(halted.position).text).toBe(
      'Stop triggered but not filled: the market is 1.6 % below its limit; the exchange refused the terminal’s sale (Insufficient funds): close the position to try again',
    )
    // prices send nothing more; the trader's close sells at market again
    expect(step(halted.position, price('92')).actions).toEqual([])
    expect(step(halted.position, { type: 'close', price: '92' }).actions).toEqual([{ type: 'place', role: 'close', clientOrderId: 'p1-5', side: 'SELL', orderType: 'MARKET', amount: '1' }])
  })

  it('seen at a start too: the first price after nobody watched lies beyond the limit, and the fallback follows', () => {
    const r = run(PLAN, ...OPEN, { type: 'resumed', price: '90' })
    expect(r.actions).toEqual([cancelStop])
    expect(r.position.attention).toBeNull()
    expect(r.position.closing).toEqual({ reason: 'stop', price: '90', fallback: 'market' })
  })
})
