// The journal the bench computes and draws (bench/journal-page): 5,000 round trips over 3 pairs, each
// a buy and a sell of 0.01 a few minutes apart (a win or a loss by a pseudo-random move), every other
// one a protected position with a planned stop (so it has an R), fees in the quote currency. `shift`
// moves every exit a little, so each round computes figures of its own.
import { openPosition } from '../../electron/domain/protection/step'
import type { JournalFill } from '../../electron/domain/journal/types'
import type { Position } from '../../electron/domain/protection/types'

const PAIRS = [
  { name: 'BTC_USDT', price: 60_000 },
  { name: 'ETH_USDT', price: 3_000 },
  { name: 'SOL_USDT', price: 150 },
]
const T0 = Date.UTC(2026, 0, 1)

export function journalInput(trades = 5_000, shift = 0): { fills: JournalFill[]; positions: Position[] } {
  const fills: JournalFill[] = []
  const positions: Position[] = []
  let seed = 7
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
  for (let i = 0; i < trades; i++) {
    const pair = PAIRS[i % PAIRS.length]!
    const at = T0 + i * 600_000
    const entry = pair.price * (1 + (random() - 0.5) * 0.02)
    const exit = entry * (1 + (random() - 0.45) * 0.01) + shift * 0.01
    const fill = (side: 'BUY' | 'SELL', price: number, time: number, orderId: number): JournalFill => ({
      pair: pair.name,
      side,
      amount: '0.01',
      price: price.toFixed(2),
      feeAmount: (price * 0.01 * 0.001).toFixed(6),
      feeCurrency: 'USDT',
      time,
      wallet: 'SPOT',
      orderId,
      orderType: 'LIMIT',
    })
    fills.push(fill('BUY', entry, at, 2 * i + 1), fill('SELL', exit, at + 240_000, 2 * i + 2))
    if (i % 2 === 0) {
      const { position } = openPosition({
        id: `p${i}`,
        pair: pair.name,
        side: 'BUY',
        entry: { type: 'LIMIT', amount: '0.01', price: entry.toFixed(2) },
        protection: 'exchange',
        stop: { price: (entry * 0.99).toFixed(2), limit: (entry * 0.989).toFixed(2) },
        slippage: '1',
        targets: [],
        trailing: null,
        breakevenAt: null,
        amountPrecision: 4,
        pricePrecision: 2,
        plannedFees: { entryRate: '0.001', exitRate: '0.001' },
      })
      positions.push({ ...position, state: 'closed', closedBy: exit > entry ? 'target' : 'stop', legs: position.legs.map((l) => ({ ...l, orderId: String(2 * i + 1) })) })
    }
  }
  return { fills, positions }
}
