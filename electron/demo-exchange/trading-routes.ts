// The endpoints that change the caller's orders: placing one (checked by validation.ts, admitted and
// run by the engine) and cancelling by ids, by pair or all. The only routes that write, kept apart
// from the ones that read so their checks on the body can be read together.
import { PAIRS_BY_NAME } from './reference'
import { type AddRoute, type ExchangeState, badParam, error, ok } from './route-kit'
import { parseOrderRequest } from './validation'

export function addTradingRoutes(state: ExchangeState, add: AddRoute): void {
  const { engine } = state

  add('/trading/order', 'POST', true, ({ body, accountId }) => {
    const parsed = parseOrderRequest(body as Record<string, unknown>, PAIRS_BY_NAME)
    if (!parsed.ok) return error(400, parsed.code, parsed.message)
    const result = engine.placeUser(accountId, parsed.value)
    if (!result.ok) return error(400, result.code, result.message)
    return ok(`[${result.id}]`)
  })

  add('/trading/order', 'DELETE', true, ({ body, accountId }) => {
    const b = body as Record<string, unknown>
    const given = (['order_ids', 'all', 'pair'] as const).filter((k) => b[k] !== undefined && b[k] !== null)
    if (given.length === 0) return error(400, 'MISSING_FIELD', 'One of order_ids, all or pair is required.')
    if (given.length > 1) return error(400, 'INVALID_BODY', 'Give exactly one of order_ids, all or pair.')
    if (given[0] === 'order_ids') {
      const ids = b.order_ids
      if (!Array.isArray(ids) || ids.length === 0 || ids.length > 1000 || !ids.every((id) => Number.isSafeInteger(id) && (id as number) > 0)) {
        return badParam('order_ids must be a non-empty array of positive integer order ids (at most 1000).')
      }
      return ok(JSON.stringify(engine.cancelByIds(accountId, ids as number[])))
    }
    if (given[0] === 'all') {
      if (b.all !== true && b.all !== 1 && b.all !== 'true') return badParam('all must be true.')
      engine.cancelAll(accountId, null)
      return { status: 202, body: null }
    }
    const pair = typeof b.pair === 'string' ? PAIRS_BY_NAME.get(b.pair) : undefined
    if (!pair) return error(400, 'UNKNOWN_PAIR', `Unknown pair ${JSON.stringify(b.pair)}.`)
    engine.cancelAll(accountId, pair.name)
    return { status: 202, body: null }
  })
}
