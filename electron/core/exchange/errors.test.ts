import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { TerminalError } from '../../domain/errors'
import { malformedResponse, mapHttpFailure, mapTransportFailure, outcomeUnknown, type HttpFailure } from './errors'

const json = (status: number, body: unknown, requestBody?: Record<string, unknown>): HttpFailure => ({
  endpoint: 'POST /trading/order',
  status,
  contentType: 'application/json',
  text: JSON.stringify(body),
  ...(requestBody ? { requestBody } : {}),
})

const limitBody = { pair: 'BTC_USDT', order_type: 'LIMIT', base_amount: '1', limit_price: '2' }
const marketBuyBody = { pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'BUY', quote_amount: '10' }
const stopBody = { ...limitBody, order_type: 'STOP_LIMIT', stop_price: '3', stop_operator: 'GTE' }

describe('mapHttpFailure: server rejections (400 {code, message})', () => {
  const cases: Array<[string, string, Record<string, unknown>, string | undefined]> = [
    ['INVALID_QUANTITY', 'bad amount', limitBody, 'base_amount'],
    ['INVALID_QUANTITY', 'bad amount', marketBuyBody, 'quote_amount'],
    ['INSUFFICIENT_FUNDS', 'not enough', limitBody, 'base_amount'],
    ['INSUFFICIENT_FUNDS', 'not enough', marketBuyBody, 'quote_amount'],
    ['INVALID_PRICE', 'price has too many places', limitBody, 'limit_price'],
    ['INVALID_PRICE', 'stop price must be positive', stopBody, 'stop_price'],
    ['INVALID_PRICE', 'bad price', stopBody, 'limit_price'],
    ['MIN_ORDER_VALUE', 'too small', limitBody, 'base_amount'],
    ['INVALID_STOP_OPERATOR', 'GTE or LTE', stopBody, 'stop_operator'],
    ['UNKNOWN_PAIR', 'no such pair', limitBody, 'pair'],
    ['INVALID_ORDER_TYPE', 'bad type', limitBody, 'order_type'],
    ['INVALID_ORDER_SIDE', 'bad side', limitBody, 'order_side'],
    ['INVALID_WALLET_TYPE', 'bad wallet', limitBody, 'wallet_type'],
    ['1003', 'Invalid amount', limitBody, undefined],
    ['SOMETHING_NEW', 'a new rule', limitBody, undefined],
  ]
  it.each(cases)('%s (%s) → rejected on %s', (code, message, body, field) => {
    const error = mapHttpFailure(json(400, { code, message }, body))
    expect(error.kind).toBe('rejected')
    expect(error.status).toBe(400)
    expect(error.code).toBe(code)
    expect(error.field).toBe(field)
    // Unknown codes are shown with the server's own words.
    expect(error.message).toContain(message)
    expect(error.message).toContain(code)
  })

  it('shows the code once, also when the server already starts its message with it', () => {
    const count = (text: string) => text.split('INVALID_QUANTITY').length - 1
    for (const message of ['INVALID_QUANTITY: Amount too small', 'INVALID_QUANTITY - Amount too small', 'Amount too small (INVALID_QUANTITY)', 'Amount too small']) {
      const error = mapHttpFailure(json(400, { code: 'INVALID_QUANTITY', message }, limitBody))
      expect(error.message).toBe('Amount too small (INVALID_QUANTITY)')
      expect(count(error.message)).toBe(1)
    }
    const refused = mapHttpFailure({ ...json(401, { code: 'TOKEN_EXPIRED', message: 'TOKEN_EXPIRED: log in again' }), endpoint: 'GET /accounts/balances' })
    expect(refused.message.split('TOKEN_EXPIRED').length - 1).toBe(1)
  })

  it('a numeric code is kept as text', () => {
    expect(mapHttpFailure(json(400, { code: 1003, message: 'Invalid amount' })).code).toBe('1003')
  })

  it('formErrors become field issues', () => {
    const error = mapHttpFailure(json(400, { formErrors: { base_amount: ['Too many decimals'], pair: 'Unknown' } }))
    expect(error.kind).toBe('rejected')
    expect(error.code).toBe('FORM_ERRORS')
    expect(error.field).toBe('base_amount')
    expect(error.issues).toEqual([
      { field: 'base_amount', code: 'FORM_ERROR', message: 'Too many decimals' },
      { field: 'pair', code: 'FORM_ERROR', message: 'Unknown' },
    ])
  })

  it('a 400 without an error object is still a rejection, without quoting the body', () => {
    const error = mapHttpFailure({ endpoint: 'GET /charts', status: 400, contentType: 'text/plain', text: 'nope nope' })
    expect(error).toMatchObject({ kind: 'rejected', code: 'HTTP_400', status: 400 })
    expect(error.message).not.toContain('nope')
  })
})

describe('mapHttpFailure: other statuses', () => {
  const html = '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1>secret-ish internals</body></html>'
  const cases: Array<[string, HttpFailure, Partial<TerminalError>]> = [
    ['401 → auth', json(401, { code: 'UNAUTHORIZED', message: 'token expired' }), { kind: 'auth', code: 'UNAUTHORIZED', status: 401 }],
    ['401 without body → auth', { endpoint: 'GET /accounts/balances', status: 401, contentType: '', text: '' }, { kind: 'auth', code: 'AUTH_FAILED' }],
    ['404 → unsupported', json(404, { code: 'NOT_FOUND', message: 'no' }), { kind: 'unsupported', code: 'NOT_SUPPORTED', status: 404 }],
    ['429 → rate-limited with retryAfterMs', { ...json(429, {}), retryAfterMs: 2000 }, { kind: 'rate-limited', retryAfterMs: 2000, status: 429 }],
    ['429 without Retry-After', json(429, {}), { kind: 'rate-limited', code: 'RATE_LIMITED' }],
    ['500 JSON → server', json(500, { code: 'X', message: 'boom' }), { kind: 'server', code: 'HTTP_500', status: 500 }],
    ['503 → server', { endpoint: 'GET /pairs', status: 503, contentType: 'text/plain', text: 'down' }, { kind: 'server', code: 'HTTP_503' }],
    ['502 HTML gateway → server', { endpoint: 'GET /pairs', status: 502, contentType: 'text/html', text: html }, { kind: 'server', code: 'HTTP_502' }],
  ]
  it.each(cases)('%s', (_name, failure, expected) => {
    const error = mapHttpFailure(failure)
    expect(error).toBeInstanceOf(TerminalError)
    expect(error).toMatchObject(expected)
    expect(error.message).not.toContain('internals')
    expect(error.message).toContain(failure.endpoint)
  })

  it('429 says when to come back', () => {
    expect(mapHttpFailure({ ...json(429, {}), retryAfterMs: 5000 }).message).toContain('5 s')
  })
})

describe('malformed and transport failures', () => {
  it('a schema mismatch names the endpoint and the first issue path, never the body', () => {
    const parsed = z.array(z.object({ price: z.number() })).safeParse([{ price: 1 }, { price: 'SECRET-BODY' }])
    expect(parsed.success).toBe(false)
    const error = malformedResponse('GET /trades', { zodError: parsed.error! })
    expect(error.kind).toBe('malformed')
    expect(error.message).toContain('GET /trades')
    expect(error.message).toContain('1.price')
    expect(error.message).not.toContain('SECRET-BODY')
  })

  it('a timeout is kind timeout, with the limit in the message', () => {
    const { error, sent } = mapTransportFailure('GET /pairs', new Error('aborted'), true, 2500)
    expect(error).toMatchObject({ kind: 'timeout', code: 'TIMEOUT' })
    expect(error.message).toContain('2.5 s')
    expect(sent).toBe(true)
  })

  it('connection refused is a network error where nothing was sent', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
    const { error, sent } = mapTransportFailure('POST /trading/order', new TypeError('fetch failed', { cause }), false, 1000)
    expect(error).toMatchObject({ kind: 'network', code: 'NETWORK_ECONNREFUSED' })
    expect(sent).toBe(false)
  })

  it('a reset connection may have delivered the request', () => {
    const cause = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' })
    const { error, sent } = mapTransportFailure('POST /trading/order', new TypeError('fetch failed', { cause }), false, 1000)
    expect(error.kind).toBe('network')
    expect(sent).toBe(true)
  })

  it('outcomeUnknown keeps the status and says the order was not resent', () => {
    const error = outcomeUnknown('POST /trading/order', mapHttpFailure(json(503, {})))
    expect(error).toMatchObject({ kind: 'outcome-unknown', code: 'OUTCOME_UNKNOWN', status: 503 })
    expect(error.message).toContain('not sent again')
  })
})
