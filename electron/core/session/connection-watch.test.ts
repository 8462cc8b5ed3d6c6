import { describe, expect, it } from 'vitest'
import type { ConnectionStatus } from '../../domain/api/api'
import { TerminalError } from '../../domain/errors'
import { createConnectionWatch } from './connection-watch'
import type { ExchangeClient } from '../exchange/client'

const authError = () => new TerminalError({ kind: 'auth', code: 'TOKEN_EXPIRED', status: 401, message: 'The exchange refused the API key or its token.' })
const malformed = () => new TerminalError({ kind: 'malformed', code: 'MALFORMED_RESPONSE', message: "The exchange's answer to GET /trades was not understood: not valid JSON." })
const serverError = () => new TerminalError({ kind: 'server', code: 'HTTP_503', status: 503, message: 'The exchange failed to answer.' })

/** A client whose every call settles as the test says; only the methods used here. */
function fakeClient(outcome: { private: Error | null; public: Error | null }): ExchangeClient {
  const settle = (error: Error | null) => (error ? Promise.reject(error) : Promise.resolve([]))
  return {
    trades: () => settle(outcome.public),
    candles: () => settle(outcome.public),
    balances: () => settle(outcome.private),
    recentOrders: () => settle(outcome.private),
    serverSkewMs: () => 42,
    resetAuth: () => undefined,
  } as unknown as ExchangeClient
}

function setup(outcome: { private: Error | null; public: Error | null }) {
  let connection: ConnectionStatus = { state: 'online', message: 'Connected', since: 0 }
  const watch = createConnectionWatch({ now: () => 1_000, current: () => connection, set: (s) => (connection = s) })
  const client = watch.wrap(fakeClient(outcome))
  return {
    watch,
    client,
    get connection() {
      return connection
    },
  }
}

describe('connection watch', () => {
  it('a key refused after re-authentication shows as authentication failed, and market data does not hide it', async () => {
    const t = setup({ private: authError(), public: null })
    await expect(t.client.balances()).rejects.toThrow()
    expect(t.connection).toMatchObject({ state: 'offline', problem: 'auth-failed' })
    expect(t.connection.message).toMatch(/^Authentication failed: /)
    // the public feed keeps succeeding; the client reports online: the account light stays red
    await t.client.trades({ pair: 'BTC_USDT' })
    t.watch.onClientStatus({ state: 'online', message: 'Connected to the exchange.' })
    expect(t.connection.problem).toBe('auth-failed')
    // re-authenticating is news and shows through
    t.watch.onClientStatus({ state: 'reauthenticating', message: 'signing in again' })
    expect(t.connection.state).toBe('reauthenticating')
  })

  it('a market poll that succeeds while the account signs in again does not hide the re-authentication', async () => {
    const t = setup({ private: null, public: null })
    t.watch.onClientStatus({ state: 'reauthenticating', message: 'signing in again' })
    await t.client.trades({ pair: 'BTC_USDT' })
    t.watch.onClientStatus({ state: 'online', message: 'Connected to the exchange.' })
    expect(t.connection.state).toBe('reauthenticating')
    // the private request that signed in again succeeds: now the account is online
    await t.client.balances()
    expect(t.connection.state).toBe('online')
  })

  it('a private success clears the authentication failure', async () => {
    const outcome: { private: Error | null; public: Error | null } = { private: authError(), public: null }
    const t = setup(outcome)
    await expect(t.client.recentOrders()).rejects.toThrow()
    outcome.private = null
    await t.client.recentOrders()
    expect(t.connection).toMatchObject({ state: 'online' })
    expect(t.connection.problem).toBeUndefined()
    t.watch.onClientStatus({ state: 'retrying', message: 'again', retryAt: 5 })
    expect(t.connection).toMatchObject({ state: 'retrying', retryAt: 5 })
  })

  it('an unreadable answer shows as a bad answer until any request succeeds', async () => {
    const outcome: { private: Error | null; public: Error | null } = { private: null, public: malformed() }
    const t = setup(outcome)
    await expect(t.client.trades({ pair: 'BTC_USDT' })).rejects.toThrow()
    expect(t.connection).toMatchObject({ state: 'retrying', problem: 'bad-answer' })
    expect(t.connection.message).toMatch(/^Bad answer from the exchange: .*not valid JSON/)
    outcome.public = null
    await t.client.candles({ pair: 'BTC_USDT', interval: '15' })
    expect(t.connection).toMatchObject({ state: 'online' })
    expect(t.connection.problem).toBeUndefined()
  })

  it('leaves failures the client reports itself (5xx, network) to the client', async () => {
    const t = setup({ private: serverError(), public: serverError() })
    await expect(t.client.balances()).rejects.toThrow()
    await expect(t.client.trades({ pair: 'BTC_USDT' })).rejects.toThrow()
    expect(t.connection).toMatchObject({ state: 'online', message: 'Connected' })
  })

  it('passes the synchronous methods through', () => {
    const t = setup({ private: null, public: null })
    expect(t.client.serverSkewMs()).toBe(42)
  })
})
