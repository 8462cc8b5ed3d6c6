// The endpoints of the demo exchange: each handler takes the parsed request and returns status + body.
// This file is their table, in one place: which path and method, public or private. The handlers are
// grouped by what they touch: market-routes.ts (public market data), request-auth.ts (POST /auth),
// account-routes.ts (reading the caller's account), trading-routes.ts (placing and cancelling).
// Authentication, signatures, faults and the HTTP plumbing live in server.ts and request-handler.ts.
import { addAccountRoutes } from './account-routes'
import { addMarketRoutes } from './market-routes'
import { signIn } from './request-auth'
import type { AddRoute, ExchangeState, Route } from './route-kit'
import { addTradingRoutes } from './trading-routes'

// the route kit's vocabulary, for the importers that know it from here
export type { ExchangeState, Reply, Request, Route } from './route-kit'
export { error, ok } from './route-kit'

export function createRoutes(state: ExchangeState): Map<string, Route> {
  const routes = new Map<string, Route>()
  const add: AddRoute = (path, method, isPrivate, handle) => {
    routes.set(`${method} ${path}`, { method, private: isPrivate, handle })
  }
  // the order of registration is the order a 405's Allow header lists the methods in
  addMarketRoutes(state, add)
  add('/auth', 'POST', false, ({ body }) => signIn(state, body))
  addAccountRoutes(state, add)
  addTradingRoutes(state, add)
  return routes
}
