// Fault injection for tests: a switchable set of misbehaviours (latency, dropped order and cancel responses, 5xx,
// 429, expired tokens, truncated JSON, gateway pages, a skewed clock, order records without
// client_order_id, and the live feed's), each off by default.

export type FaultMode = {
  latencyMs?: number
  /** Execute the order, then destroy the socket without answering. */
  dropOrderResponse?: boolean
  /** Execute a cancel (DELETE /trading/order), then destroy the socket without answering. */
  dropCancelResponse?: boolean
  /** Every request answers this status (500/502/503 ...). */
  serverError?: number
  /** 429 with Retry-After. */
  rateLimit?: { retryAfterSec: number }
  /** Every bearer token is treated as expired: 401 TOKEN_EXPIRED. */
  expiredToken?: boolean
  /** 200 with a truncated JSON body (the request itself is executed). */
  malformedJson?: boolean
  /** 502 text/html gateway page. */
  htmlGateway?: boolean
  /** /time and token iat/exp shifted by this many seconds. */
  clockSkewSec?: number
  /** Order records (GET /accounts/order) without client_order_id, as the real exchange's are. */
  omitClientOrderId?: boolean
  /** Apply serverError/rateLimit/htmlGateway/malformedJson/dropOrderResponse/dropCancelResponse to the next N requests only. */
  failTimes?: number
  /** Apply faults only to paths (after /api/v3) starting with one of these. */
  onlyPaths?: string[]
  // The live feed's (/alp-ws, feed/feed-server.ts). These three act once, when the mode is set:
  /** Cut every open feed connection (no close frame: a network drop). */
  feedDrop?: boolean
  /** Send every open feed connection one frame that is not JSON. */
  feedMalformedFrame?: boolean
  /** Every open feed connection misses the next book diff it would get: a gap. */
  feedDiffLost?: boolean
  // ... and these last while set:
  /** No feed: upgrades to /alp-ws answered 404, open connections cut. */
  feedOff?: boolean
  /** The server sends no pings. */
  feedPingsStopped?: boolean
  /** Drop a client whose unsent backlog exceeds this many bytes (default 1 MiB). */
  feedMaxBufferedBytes?: number
}

/** What a request does to orders: places one (POST /trading/order), cancels (DELETE /trading/order), or neither. */
export type OrderAct = 'place' | 'cancel' | null

/** What the server must do to one request. */
export interface FaultPlan {
  latencyMs: number
  /** Answer at once with this failure, without executing the request. */
  failure: 'html' | 'server' | 'rate' | null
  serverStatus: number
  retryAfterSec: number
  malformed: boolean
  drop: boolean
  expiredToken: boolean
}

const NONE: FaultPlan = { latencyMs: 0, failure: null, serverStatus: 0, retryAfterSec: 0, malformed: false, drop: false, expiredToken: false }

export class Faults {
  private mode: FaultMode = {}
  private remaining: number | undefined

  set(mode: FaultMode): void {
    this.mode = { ...mode }
    this.remaining = mode.failTimes
  }

  get clockSkewSec(): number {
    return this.mode.clockSkewSec ?? 0
  }

  get omitClientOrderId(): boolean {
    return this.mode.omitClientOrderId === true
  }

  /** The plan for one request; counts it against failTimes when it fails. */
  plan(path: string, act: OrderAct): FaultPlan {
    const m = this.mode
    if (m.onlyPaths && !m.onlyPaths.some((prefix) => path.startsWith(prefix))) return NONE
    const failing = this.remaining === undefined || this.remaining > 0
    const plan: FaultPlan = {
      latencyMs: m.latencyMs ?? 0,
      failure: null,
      serverStatus: 0,
      retryAfterSec: 0,
      malformed: false,
      drop: false,
      expiredToken: m.expiredToken === true,
    }
    if (failing) {
      if (m.htmlGateway) plan.failure = 'html'
      else if (m.serverError) {
        plan.failure = 'server'
        plan.serverStatus = m.serverError
      } else if (m.rateLimit) {
        plan.failure = 'rate'
        plan.retryAfterSec = m.rateLimit.retryAfterSec
      } else {
        plan.drop = (m.dropOrderResponse === true && act === 'place') || (m.dropCancelResponse === true && act === 'cancel')
        plan.malformed = m.malformedJson === true
      }
      if (plan.failure !== null || plan.drop || plan.malformed) this.countFailure()
    }
    return plan
  }

  private countFailure(): void {
    if (this.remaining === undefined) return
    this.remaining--
    if (this.remaining <= 0) {
      // the counted failures are used up; latency, expiredToken and clockSkew stay until cleared
      const { htmlGateway: _h, serverError: _s, rateLimit: _r, malformedJson: _m, dropOrderResponse: _d, dropCancelResponse: _c, ...rest } = this.mode
      this.mode = rest
    }
  }
}
