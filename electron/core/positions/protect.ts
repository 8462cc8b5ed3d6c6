// `positions.protect` from the facts the exchange gives now: the pair's record, the last price, the
// quote currency's available SPOT balance (the equity a risk percent is a share of — not the whole
// portfolio valued through price routes), and the fee rule for the pair. Shared by the terminal's
// handlers and the CLI.
import { randomBytes } from 'node:crypto'
import { availableIn } from '../../domain/account/balances'
import { TerminalError } from '../../domain/errors'
import { feeContextOf, resolveFeeRule } from '../../domain/orders/fee-rules'
import { planOf, type ProtectInput } from '../../domain/risk/protect-plan'
import type { PositionAnswer } from '../../domain/api/api'
import type { Position, PositionPlan } from '../../domain/protection/types'
import type { ExchangeClient } from '../exchange/client'

/** A new position id: the time and a random tail, within the reducer's id alphabet. */
export const newPositionId = (now: number = Date.now()): string => `pos${now.toString(36)}${randomBytes(3).toString('hex')}`

/** A new execution algorithm's id, of the same shape: its orders are dated by it as a position's are. */
export const newAlgoId = (now: number = Date.now()): string => `algo${now.toString(36)}${randomBytes(3).toString('hex')}`

/**
 * When a position made by newPositionId (or an algorithm by newAlgoId) was created (ms), read back
 * from its id; null for an id of another shape (an older file, a test's). None of its orders can be
 * older than this.
 */
export function positionCreatedAt(id: string): number | null {
  const match = /^(?:pos|algo)([0-9a-z]+)[0-9a-f]{6}$/.exec(id)
  if (match === null) return null
  const ms = parseInt(match[1]!, 36)
  // 2020-01-01 … 2100-01-01: anything else is not a time this terminal wrote
  return Number.isSafeInteger(ms) && ms >= 1_577_836_800_000 && ms < 4_102_444_800_000 ? ms : null
}

export async function planFor(client: ExchangeClient, input: ProtectInput, id: string = newPositionId()): Promise<PositionPlan> {
  // The balances name the account and give the equity a risk is a share of; the fee rule sizes a risk,
  // and says whether the exchange keeps a long's fee in the coins bought (what its exits may sell).
  const byRisk = input.size !== undefined && 'riskPercent' in input.size
  const longEntry = input.side === 'BUY' && input.entry.type !== 'HELD'
  const [pairs, tickers, balances, rules] = await Promise.all([
    client.pairs(),
    client.ticker({ pair: input.pair }),
    byRisk || longEntry ? client.balances() : Promise.resolve(null),
    byRisk ? client.feeInfo() : longEntry ? client.feeInfo().catch(() => null) : Promise.resolve(null),
  ])
  const pair = pairs.find((p) => p.name.toUpperCase() === input.pair)
  if (pair === undefined) throw new TerminalError({ kind: 'validation', code: 'UNKNOWN_PAIR', field: 'pair', message: `${input.pair} is not a pair of this exchange; nothing was sent.` })
  const last = tickers.find((t) => t.pair.toUpperCase() === input.pair)?.last ?? null
  if (last === null) throw new TerminalError({ kind: 'validation', code: 'NO_LAST_PRICE', field: 'pair', message: `${input.pair} has no last price yet; nothing was sent.` })
  const accountId = balances?.find((b) => b.currency === pair.currency2)?.account_id ?? null
  const equity = balances !== null && accountId !== null ? availableIn(balances, { accountId, currency: pair.currency2, walletType: 'SPOT' }) : null
  const rule = rules !== null && accountId !== null ? resolveFeeRule(rules, { accountId, pairId: pair.id ?? null, currencyIds: [], at: new Date() }) : null
  return planOf(input, { id, pair, last, equity, fee: feeContextOf(rule) })
}

export const answerOf = (position: Position | null): PositionAnswer => (position === null ? { queued: true, position: null } : { queued: false, position })
