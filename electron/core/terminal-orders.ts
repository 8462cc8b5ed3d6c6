// The account and order methods of the terminal: the account snapshot, and placing, checking and
// cancelling orders — only ever for the account whose own key the active profile holds.
import type { MethodInput, MethodResults, Notice } from '../domain/api'
import { TerminalError } from '../domain/errors'
import type { ExchangeClient } from './exchange/client'
import { createOrderDesk } from './order-desk'
import { noProfile } from './terminal-market'
import type { Session } from './terminal-session'

type OrderMethod = 'account.snapshot' | 'orders.validate' | 'orders.place' | 'orders.cancel'
export type OrderHandlers = { [M in OrderMethod]: (input: MethodInput<M>) => Promise<MethodResults[M]> }

export function createOrderHandlers(session: Session, notify: (notice: Notice) => void): OrderHandlers {
  function requireTrading(): { client: ExchangeClient; accountId: number } {
    const { client, active, accountId } = session
    if (!client || !active) throw new TerminalError({ kind: 'validation', code: 'NO_PROFILE', message: 'Activate a profile before placing orders.' })
    if (accountId === null || accountId !== active.accountId) {
      throw new TerminalError({ kind: 'validation', code: 'VIEW_ONLY_ACCOUNT', message: 'The selected account is view-only: orders need that account’s own API key. Add a profile for it, or switch back.' })
    }
    return { client, accountId }
  }

  return {
    async 'account.snapshot'() {
      if (!session.client || !session.active) throw noProfile()
      const gen = session.generation
      const feed = session.accountFeed()
      // A profile is active but its activation has not finished (the exchange has not answered yet).
      if (!feed) throw new TerminalError({ kind: 'network', code: 'CONNECTING', message: `Connecting to ${session.active.name}; the account shows once the exchange answers.` })
      const snapshot = await feed.fetch()
      // Switched meanwhile: these balances belong to an account the user has left.
      if (gen !== session.generation) throw new TerminalError({ kind: 'network', code: 'ABORTED', message: 'The answer belongs to an account that is no longer selected; it was dropped.' })
      return { ...snapshot, generation: gen }
    },
    async 'orders.validate'(draft) {
      const { client: c, accountId: id } = requireTrading()
      return createOrderDesk({ client: c, accountId: () => id }).validate(draft)
    },
    async 'orders.place'(draft) {
      const { client: c, accountId: id } = requireTrading()
      const result = await createOrderDesk({ client: c, accountId: () => id }).place(draft)
      if (result.outcome === 'placed') {
        notify({ kind: 'order-placed', title: 'Order placed', body: `${draft.order_side} ${draft.order_type} ${draft.pair.replace('_', '/')} — id ${result.orderIds.join(', ')}` })
      } else {
        notify({ kind: 'warning', title: 'Order outcome unknown', body: result.message })
      }
      session.accountFeed()?.kick()
      return result
    },
    async 'orders.cancel'(input) {
      const { client: c } = requireTrading()
      const result = await c.cancelOrders(input)
      session.accountFeed()?.kick()
      return result
    },
  }
}
