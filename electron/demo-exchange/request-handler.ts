// The HTTP plumbing of the demo exchange: one request from socket to reply. It finds the route
// (404 / 405 with Allow), reads and parses the body, has the caller authenticated, applies the fault
// plan (latency, 5xx, 429, the HTML gateway page, a dropped or half-written answer) and writes the
// reply. Kept apart from server.ts, which assembles the exchange and owns its lifetime, because this
// is the part that knows HTTP; the handlers (routes.ts) only see a parsed request.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { ADMIN_PREFIX, type AdminDeps, type OrderCall, handleAdmin, preciseNow } from './admin'
import type { FaultPlan, Faults, OrderAct } from './faults'
import { readBody } from './http-body'
import { type Reply, type Route, error } from './route-kit'

/** Where the exchange's API sits on the port (the feed and /__admin sit beside it). */
export const API_PREFIX = '/api/v3'
const MAX_BODY = 64 * 1024
/** Order calls kept for GET /__admin/calls. */
const MAX_CALLS = 100
const GATEWAY_PAGE = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'

function send(res: ServerResponse, reply: Reply, contentType = 'application/json; charset=utf-8'): void {
  if (reply.body === null) {
    res.writeHead(reply.status, { 'content-length': 0, ...reply.headers })
    res.end()
    return
  }
  res.writeHead(reply.status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(reply.body),
    ...reply.headers,
  })
  res.end(reply.body)
}

/** A JSON body cut in half: what a client sees when a proxy drops the connection mid-answer. */
function truncate(body: string | null): string {
  if (body === null || body.length < 2) return '{'
  return body.slice(0, Math.ceil(body.length / 2))
}

export interface RequestHandlerDeps {
  routes: ReadonlyMap<string, Route>
  faults: Faults
  /** The account id of a private request, or its 401 reply (request-auth.ts). */
  authenticate(req: IncomingMessage, body: Buffer | null, expiredToken: boolean): number | Reply
  /** The /__admin endpoints (admin.ts) when the exchange serves them. */
  admin: Omit<AdminDeps, 'orderCalls'> | null
}

export interface RequestHandler {
  /** For node:http's createServer. */
  listener(req: IncomingMessage, res: ServerResponse): void
  /** Requests seen outside /__admin, and POST and DELETE /trading/order among them (answered or not). */
  readonly requests: number
  readonly orderRequests: number
  readonly cancelRequests: number
  /** The latest POST/DELETE requests on /trading/*, oldest first, each with the moment it arrived. */
  orderCalls(): readonly OrderCall[]
  /** Drops the latency fault's pending delays (on close). */
  cancelTimers(): void
}

export function createRequestHandler({ routes, faults, authenticate, admin }: RequestHandlerDeps): RequestHandler {
  const knownPaths = new Set([...routes.keys()].map((key) => key.slice(key.indexOf(' ') + 1)))
  let requests = 0
  let orderRequests = 0
  let cancelRequests = 0
  const calls: OrderCall[] = []
  const pendingTimers = new Set<NodeJS.Timeout>()

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const t = setTimeout(() => {
        pendingTimers.delete(t)
        resolve()
      }, ms)
      pendingTimers.add(t)
    })

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = req.url ?? '/'
    const q = url.indexOf('?')
    const pathname = q < 0 ? url : url.slice(0, q)
    // the test harness's switchboard: neither counted nor subject to the faults it switches
    if (admin !== null && pathname.startsWith(ADMIN_PREFIX)) {
      return handleAdmin(req, res, pathname, { ...admin, orderCalls: () => calls })
    }
    requests++
    const path = pathname.startsWith(`${API_PREFIX}/`) ? pathname.slice(API_PREFIX.length) : pathname
    const method = req.method ?? 'GET'
    const act: OrderAct = path !== '/trading/order' ? null : method === 'POST' ? 'place' : method === 'DELETE' ? 'cancel' : null
    if (act === 'place') orderRequests++
    if (act === 'cancel') cancelRequests++
    if ((method === 'POST' || method === 'DELETE') && pathname.startsWith(`${API_PREFIX}/trading/`)) {
      calls.push({ method, path, at: preciseNow() })
      if (calls.length > MAX_CALLS) calls.shift()
    }
    const plan = faults.plan(path, act)
    const route: Route | undefined = pathname.startsWith(`${API_PREFIX}/`) ? routes.get(`${method} ${path}`) : undefined
    const hasBody = route !== undefined && route.method !== 'GET'
    // Read before the delay: a request that reached the exchange is executed even when its client
    // gave up waiting meanwhile (a timeout on the client's side), as on a slow real exchange.
    const raw = hasBody ? await readBody(req, MAX_BODY) : null
    if (plan.latencyMs > 0) await sleep(plan.latencyMs)
    if (plan.failure === 'html') return send(res, { status: 502, body: GATEWAY_PAGE }, 'text/html; charset=utf-8')
    if (plan.failure === 'server') return send(res, error(plan.serverStatus, 'SERVER_ERROR', `Simulated server error ${plan.serverStatus}.`))
    if (plan.failure === 'rate') {
      const reply = error(429, 'RATE_LIMITED', 'Too many requests.')
      reply.headers = { 'retry-after': String(plan.retryAfterSec) }
      return send(res, reply)
    }

    let reply: Reply
    if (!route) {
      if (pathname.startsWith(`${API_PREFIX}/`) && knownPaths.has(path)) {
        const allow = [...routes.entries()].filter(([key]) => key.endsWith(` ${path}`)).map(([, r]) => r.method)
        reply = error(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${API_PREFIX}${path}.`)
        reply.headers = { allow: allow.join(', ') }
      } else {
        reply = error(404, 'NOT_FOUND', `No endpoint ${API_PREFIX}${path}.`)
      }
    } else {
      reply = hasBody && raw === null ? error(400, 'INVALID_BODY', `The body is larger than ${MAX_BODY} bytes.`) : dispatch(route, req, url, q, raw, plan)
      if (plan.drop && reply.status === 200) {
        // the order (or the cancel) was executed; the client never learns it
        req.socket.destroy()
        return
      }
    }
    if (plan.malformed) return send(res, { status: 200, body: truncate(reply.body) })
    send(res, reply)
  }

  const dispatch = (route: Route, req: IncomingMessage, url: string, q: number, raw: Buffer | null, plan: FaultPlan): Reply => {
    let accountId = 0
    if (route.private) {
      const auth = authenticate(req, raw, plan.expiredToken)
      if (typeof auth !== 'number') return auth
      accountId = auth
    }
    let body: unknown = undefined
    if (raw !== null) {
      try {
        body = JSON.parse(raw.toString('utf8'))
      } catch {
        return error(400, 'INVALID_BODY', 'The body is not valid JSON.')
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return error(400, 'INVALID_BODY', 'The body must be a JSON object.')
      }
    }
    const query = new URLSearchParams(q < 0 ? '' : url.slice(q + 1))
    return route.handle({ query, accountId, body })
  }

  return {
    listener: (req, res) => {
      handle(req, res).catch((err: unknown) => {
        // a bug in a handler: answer 500 rather than leave the client hanging
        if (!res.headersSent) send(res, error(500, 'INTERNAL', err instanceof Error ? err.message : 'internal error'))
        else res.destroy()
      })
    },
    get requests() {
      return requests
    },
    get orderRequests() {
      return orderRequests
    },
    get cancelRequests() {
      return cancelRequests
    },
    orderCalls: () => [...calls],
    cancelTimers: () => {
      for (const t of pendingTimers) clearTimeout(t)
      pendingTimers.clear()
    },
  }
}
