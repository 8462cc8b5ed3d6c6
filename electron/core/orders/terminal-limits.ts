// limits.get / limits.set: an account's risk limits (kept per exchange and account id,
// storage/risk-limits-store.ts; the exchange as profiles/exchange-key.ts names it) and the figures they are checked against, for the window's Limits
// tab: the selected account's, or any account of the active profile's tree (master and
// sub-accounts) named by `accountId`. The figures are read with the active key, which sees only its
// own account's orders and fills: for another account they are unknown, said, never shown as zero. The gate the order desk calls (risk-gate.ts) is made here too, so the form's orders
// and the chart's moves are held by the same limits the tab shows.
import type { RiskFigures, RiskLimitsView } from '../../domain/risk/risk-limits-schema'
import { TerminalError } from '../../domain/errors'
import type { ExchangeClient } from '../exchange/client'
import { noProfile } from '../market/terminal-market'
import type { Session } from '../session/terminal-session'
import type { RiskLimitsStore } from '../storage/risk-limits-store'
import type { HandlersOf } from '../handlers'
import { exchangeKeyOf } from '../profiles/exchange-key'
import { createRiskGate, readRiskFigures, type RiskGate } from './risk-gate'

/** The gate of a profile's orders (or a bare base URL's): the limits of its exchange, keyed as exchange-key.ts says. */
export function riskGateOf(store: RiskLimitsStore, profile: { baseUrl: string; isDemo?: boolean | undefined }, client: ExchangeClient, now?: () => number): RiskGate {
  return createRiskGate({ store, exchange: exchangeKeyOf(profile), client, ...(now ? { now } : {}) })
}

export function createLimitsHandlers(deps: { session: Session; limits: RiskLimitsStore; now: () => number }): HandlersOf<'limits.get' | 'limits.set'> {
  const { session, limits } = deps

  /** The account asked for (the selected one when none is named), checked against the active profile's tree. */
  async function chosen(wanted: number | undefined): Promise<{ exchange: string; accountId: number; client: ExchangeClient; own: boolean }> {
    const { client, active } = session
    if (!client || !active) throw noProfile()
    const accountId = wanted ?? session.accountId
    if (accountId === null) throw new TerminalError({ kind: 'validation', code: 'NO_ACCOUNT', message: 'No account is selected yet.' })
    if (wanted !== undefined && wanted !== session.accountId && !(await session.state()).accounts.some((a) => a.id === wanted)) {
      throw new TerminalError({ kind: 'not-found', code: 'NO_SUCH_ACCOUNT', field: 'accountId', message: 'That account is not in this profile’s account tree: no limits were read or saved.' })
    }
    return { exchange: exchangeKeyOf(active), accountId, client, own: accountId === active.accountId }
  }

  async function view(input?: { accountId?: number | undefined }): Promise<RiskLimitsView> {
    const { exchange, accountId, client, own } = await chosen(input?.accountId)
    const read = await limits.read(exchange, accountId)
    if (read.status === 'unknown') return { exchange, accountId, limits: null, problem: read.problem, figures: null }
    const figures = read.limits === null ? null : own ? await readRiskFigures(client, accountId, read.limits, deps.now()) : notOwn()
    return { exchange, accountId, limits: read.limits, problem: null, figures }
  }

  return {
    'limits.get': (input) => view(input),
    async 'limits.set'({ limits: next, accountId: wanted }) {
      const { exchange, accountId } = await chosen(wanted)
      await limits.write(exchange, accountId, next)
      return view({ accountId })
    },
  }
}

/** The figures of an account the active key is not the own key of: its orders and fills are not readable with it. */
function notOwn(): RiskFigures {
  const reason = 'read only with this account’s own key (its profile, when active)'
  return { openValue: { ok: false, reason }, openOrders: { ok: false, reason }, realisedToday: { ok: false, reason } }
}
