// limits.get / limits.set: the selected account's risk limits (kept per exchange origin and account
// id, storage/risk-limits-store.ts) and the figures they are checked against, for the window's
// Limits tab. The gate the order desk calls (risk-gate.ts) is made here too, so the form's orders
// and the chart's moves are held by the same limits the tab shows.
import type { RiskLimitsView } from '../../domain/risk-limits-schema'
import { exchangeOf } from '../../domain/origin'
import { TerminalError } from '../../domain/errors'
import type { ExchangeClient } from '../exchange/client'
import { noProfile } from '../market/terminal-market'
import type { Session } from '../session/terminal-session'
import type { RiskLimitsStore } from '../storage/risk-limits-store'
import type { HandlersOf } from '../handlers'
import { createRiskGate, readRiskFigures, type RiskGate } from './risk-gate'

/** The exchange a base URL names, as the limits are keyed: its origin. */
export { exchangeOf }

export function riskGateOf(store: RiskLimitsStore, baseUrl: string, client: ExchangeClient, now?: () => number): RiskGate {
  return createRiskGate({ store, exchange: exchangeOf(baseUrl), client, ...(now ? { now } : {}) })
}

export function createLimitsHandlers(deps: { session: Session; limits: RiskLimitsStore; now: () => number }): HandlersOf<'limits.get' | 'limits.set'> {
  const { session, limits } = deps

  function selected(): { exchange: string; accountId: number; client: ExchangeClient } {
    const { client, active, accountId } = session
    if (!client || !active) throw noProfile()
    if (accountId === null) throw new TerminalError({ kind: 'validation', code: 'NO_ACCOUNT', message: 'No account is selected yet.' })
    return { exchange: exchangeOf(active.baseUrl), accountId, client }
  }

  async function view(): Promise<RiskLimitsView> {
    const { exchange, accountId, client } = selected()
    const read = await limits.read(exchange, accountId)
    if (read.status === 'unknown') return { exchange, accountId, limits: null, problem: read.problem, figures: null }
    const figures = read.limits === null ? null : await readRiskFigures(client, accountId, read.limits, deps.now())
    return { exchange, accountId, limits: read.limits, problem: null, figures }
  }

  return {
    'limits.get': view,
    async 'limits.set'({ limits: next }) {
      const { exchange, accountId } = selected()
      await limits.write(exchange, accountId, next)
      return view()
    },
  }
}
