// The handlers of the views over every account: `portfolio.get` (portfolio-reader.ts), the blotter
// (`blotter.get`, `blotter.cancel`: open-orders.ts) and the panic button (`orders.cancelAll`:
// cancel-all.ts), all through the connections of connections.ts. Scope 'profile' is every account the
// active key sees (master and sub-accounts), each read and cancelled through the profile holding its
// own key on the same exchange; 'all' adds every stored profile's accounts.
import type { PortfolioReport } from '../../domain/portfolio/portfolio'
import type { AccountRef, BlotterReport, CancelAllOutcome, EquitySeries } from '../../domain/portfolio/all-accounts'
import type { CancelOrdersResult, MethodInput } from '../../domain/api/api'
import { TerminalError } from '../../domain/errors'
import type { Session } from '../session/terminal-session'
import type { Connection, Connections } from './connections'
import { readPortfolio, type PortfolioSource } from './portfolio-reader'
import { accountsOf, readBlotter, type Holder } from './open-orders'
import { cancelAll, type CancelAllOptions } from './cancel-all'
import type { EquityStore } from './equity-store'
import { EQUITY_QUOTE } from './equity-recorder'
import { createEquityHistory } from './equity-history'

const sourceOf = (c: Connection): PortfolioSource => ({ name: c.profile.name, exchange: c.exchange, client: c.client })
const holderOf = (c: Connection): Holder => ({ profileId: c.profile.id, name: c.profile.name, exchange: c.exchange, accountId: c.profile.accountId, client: c.client })

export interface PortfolioHandlerDeps {
  connections: Connections
  session: Pick<Session, 'accountFeed'>
  equity: Pick<EquityStore, 'read' | 'prepend'>
  now: () => number
  cancel?: CancelAllOptions
}

export function createPortfolioHandlers(deps: PortfolioHandlerDeps) {
  const { connections } = deps
  const history = createEquityHistory({ store: deps.equity, now: deps.now })

  /** The keys to read through, and the accounts the scope covers. */
  async function scoped(scope: 'profile' | 'all'): Promise<{ holders: Holder[]; accounts: AccountRef[] }> {
    const all = (await connections.all()).map(holderOf)
    if (scope === 'all') return { holders: all, accounts: await accountsOf(all) }
    const active = holderOf(connections.active())
    const holders = all.filter((h) => h.exchange === active.exchange)
    return { holders, accounts: await accountsOf([active], holders) }
  }

  return {
    async 'portfolio.get'({ quote, scope }: MethodInput<'portfolio.get'>): Promise<PortfolioReport> {
      const sources = scope === 'profile' ? [sourceOf(connections.active())] : (await connections.all()).map(sourceOf)
      return readPortfolio(quote, sources)
    },
    /**
     * The recorded equity of every account the active key sees, and before the first record what its
     * wallet activity rebuilds (read through the profile holding that account's own key).
     */
    async 'equity.get'(): Promise<EquitySeries[]> {
      const active = connections.active()
      const here = (await connections.all()).filter((c) => c.exchange === active.exchange)
      const accounts = await accountsOf([holderOf(active)], here.map(holderOf))
      return history.read(accounts, EQUITY_QUOTE, (a) => here.find((c) => c.profile.id === a.profileId)?.client ?? null)
    },
    async 'blotter.get'({ scope }: MethodInput<'blotter.get'>): Promise<BlotterReport> {
      const { holders, accounts } = await scoped(scope)
      return readBlotter(holders, accounts)
    },
    async 'blotter.cancel'({ profileId, orderId }: MethodInput<'blotter.cancel'>): Promise<CancelOrdersResult> {
      const holder = (await connections.all()).find((c) => c.profile.id === profileId)
      if (!holder) throw new TerminalError({ kind: 'not-found', code: 'NO_SUCH_PROFILE', message: 'That profile no longer exists: the order was not cancelled.' })
      const result = await holder.client.cancelOrders({ order_ids: [orderId] })
      deps.session.accountFeed()?.afterOrder()
      return result
    },
    async 'orders.cancelAll'({ scope, accountId }: MethodInput<'orders.cancelAll'>): Promise<CancelAllOutcome[]> {
      const { holders, accounts } = await scoped(scope === 'all' ? 'all' : 'profile')
      const chosen = scope === 'account' ? accounts.filter((a) => a.id === accountId && a.exchange === connections.active().exchange) : accounts
      if (chosen.length === 0) throw new TerminalError({ kind: 'not-found', code: 'NO_SUCH_ACCOUNT', field: 'accountId', message: 'The active profile sees no such account: nothing was cancelled.' })
      const outcomes = await cancelAll(holders, chosen, deps.cancel)
      deps.session.accountFeed()?.afterOrder()
      return outcomes
    },
  }
}
