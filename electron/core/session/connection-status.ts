// What a failed request means for a connection light: the state and the words the status bar shows,
// and which failures are trouble of their own ('auth-failed', 'bad-answer') rather than an outage.
// One mapping for the market feed, the session's activation and the account connection's watch, so
// the same failure reads the same wherever it shows.
import type { ConnectionStatus } from '../../domain/api/api'
import { isTerminalError } from '../../domain/errors'

export function statusFromError(error: unknown, now: number): ConnectionStatus {
  if (isTerminalError(error)) {
    if (error.kind === 'rate-limited') {
      return { state: 'rate-limited', message: 'Rate limited by the exchange; slowing down.', since: now, ...(error.retryAfterMs ? { retryAt: now + error.retryAfterMs } : {}) }
    }
    if (error.kind === 'network' || error.kind === 'timeout') {
      return { state: 'offline', message: `Exchange unreachable (${error.message}). Retrying.`, since: now }
    }
    if (error.kind === 'auth') return { state: 'offline', problem: 'auth-failed', message: `Authentication failed: ${error.message}`, since: now }
    // Not a network fault and not the exchange saying "failed": it answered, but nothing readable.
    if (error.kind === 'malformed') return { state: 'retrying', problem: 'bad-answer', message: `Bad answer from the exchange: ${error.message} Retrying.`, since: now }
    return { state: 'retrying', message: `${error.message} Retrying.`, since: now }
  }
  return { state: 'retrying', message: 'Unexpected error; retrying.', since: now }
}
