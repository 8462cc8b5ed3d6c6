// The account and order methods of the terminal: the account snapshot, and placing, checking and
// cancelling orders — only ever for the account whose own key the active profile holds.
import type { Notice } from '../../domain/api/api'
import { TerminalError } from '../../domain/errors'
import type { ExchangeClient } from '../exchange/client'
import { createOrderDesk, type OrderDesk } from './order-desk'
import { noProfile } from '../market/terminal-market'
import type { Session } from '../session/terminal-session'
import type { HandlersOf } from '../handlers'
import type { RiskLimitsStore } from '../storage/risk-limits-store'
import { riskGateOf } from './terminal-limits'

type OrderMethod = 'account.snapshot' | 'orders.validate' | 'orders.place' | 'orders.cancel'
export type OrderHandlers = HandlersOf<OrderMethod>

/** Switched meanwhile: the balances asked for belong to an account the user has left. */
function switchedAway(): TerminalError {
  return new TerminalError({ kind: 'network', code: 'ABORTED', message: 'The answer belongs to an account that is no longer selected; it was dropped.' })
}

/** The active client and the account it may trade for; refuses a view-only account. */
export function requireTradingOf(session: Session): { client: ExchangeClient; accountId: number } {
  const { client, active, accountId } = session
  if (!client || !active) throw new TerminalError({ kind: 'validation', code: 'NO_PROFILE', message: 'Activate a profile before placing orders.' })
  if (accountId === null || accountId !== active.accountId) {
    throw new TerminalError({
      kind: 'validation',
      code: 'VIEW_ONLY_ACCOUNT',
      message: 'The selected account is view-only: orders need that account’s own API key. Add a profile for it, or switch back.',
    })
  }
  return { client, accountId }
}

export function createOrderHandlers(deps: { session: Session; notify: (notice: Notice) => void; limits: RiskLimitsStore; now?: () => number }): OrderHandlers {
  const { session, notify } = deps
  const requireTrading = () => requireTradingOf(session)
  // One desk per client and account, so the pair and currency lists it caches for a minute serve
  // every order of the session instead of being read again before each one.
  let desk: { client: ExchangeClient; accountId: number; desk: OrderDesk } | null = null
  function deskFor(): OrderDesk {
    const { client, accountId } = requireTrading()
    if (desk?.client !== client || desk.accountId !== accountId) {
      const riskGate = riskGateOf(deps.limits, session.active!, client, deps.now)
      desk = { client, accountId, desk: createOrderDesk({ client, accountId: () => accountId, riskGate }) }
    }
    return desk.desk
  }

  return {
    async 'account.snapshot'() {
      if (!session.client && !session.active) throw noProfile()
      // Asked during a switch: the account feed starts when the exchange has said which accounts
      // the key sees, so wait for that rather than answer "no profile".
      const during = session.switching()
      let gen = session.switchGeneration
      await session.ready()
      // Asked during a switch: the answer is for the session the switch leads to. Otherwise a switch
      // that came in meanwhile makes it stale.
      if (during) gen = session.switchGeneration
      else if (gen !== session.switchGeneration) throw switchedAway()
      const feed = session.accountFeed()
      if (!session.active || !feed) throw noProfile()
      const snapshot = await feed.fetch()
      if (gen !== session.switchGeneration) throw switchedAway()
      return { ...snapshot, switchGeneration: gen }
    },
    async 'orders.validate'(draft) {
      return deskFor().validate(draft)
    },
    async 'orders.place'(draft) {
      const result = await deskFor().place(draft)
      if (result.outcome === 'placed') {
        notify({ kind: 'order-placed', title: 'Order placed', body: `${draft.order_side} ${draft.order_type} ${draft.pair.replace('_', '/')} — id ${result.orderIds.join(', ')}` })
      } else {
        notify({ kind: 'warning', title: 'Order outcome unknown', body: result.message })
      }
      session.accountFeed()?.afterOrder()
      return result
    },
    async 'orders.cancel'(input) {
      const { client: c } = requireTrading()
      const result = await c.cancelOrders(input)
      session.accountFeed()?.afterOrder()
      return result
    },
  }
}
