// The session's own methods: what the window reads of the session, and choosing the account it shows.
import type { HandlersOf } from '../handlers'
import type { Session } from './terminal-session'

export function createSessionHandlers(deps: { session: Session }): HandlersOf<'session.get' | 'accounts.select'> {
  const { session } = deps
  return {
    'session.get': () => session.state(),
    'accounts.select': ({ accountId }) => session.selectAccount(accountId),
  }
}
