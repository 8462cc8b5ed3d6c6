// `npm run cli -- cancel-all --accounts ID,ID|all [--profiles all]`: the panic button from a shell.
// Each account's orders are cancelled through the key of that account (the connection's, or with
// --profiles all every stored profile's), then read back; one JSON line per account in an array:
// cancelled, nothing, failed (the exchange's words), unknown, or no-key (no key held for it: nothing
// sent). Exit 0 when every account ended cancelled or with nothing open; else the worst: 5 unknown,
// 3 failed, 2 no key.
import type { CancelAllOutcome } from '../domain/portfolio/all-accounts'
import { TerminalError } from '../domain/errors'
import type { ExchangeClient } from '../core/exchange/client'
import { ownAccountOf } from '../core/profiles/profile-view'
import { accountsOf, type Holder } from '../core/portfolio/open-orders'
import { cancelAll } from '../core/portfolio/cancel-all'
import { UsageError, text, type ParsedArgs } from './args'
import { connectionsOf, type CliConnection, type ConnectionsIo } from './connections'

export interface CancelAllIo extends ConnectionsIo {
  sleep?: (ms: number) => Promise<void>
}

/** --accounts: 'all' or account ids separated by commas. */
function accountsFlag(flags: ParsedArgs['flags']): 'all' | number[] {
  const value = text(flags, 'accounts')?.trim()
  if (value === undefined || value === '') throw new UsageError('cancel-all needs --accounts ID,ID or --accounts all.')
  if (value.toLowerCase() === 'all') return 'all'
  const parts = value.split(',').map((p) => p.trim())
  if (parts.some((p) => !/^\d+$/.test(p))) throw new UsageError(`--accounts takes account ids separated by commas, or all; got "${value}".`)
  return parts.map(Number)
}

async function holderOf({ name, exchange, client }: CliConnection): Promise<Holder> {
  // The key's own account: the only one it sees, or the master among several (as a profile learns it).
  const own = await client.accounts().then(ownAccountOf, () => null)
  return { profileId: name, name, exchange, accountId: own?.id ?? null, client }
}

export async function runCancelAll(args: ParsedArgs, io: CancelAllIo, connect: (profile?: string) => Promise<ExchangeClient>): Promise<{ outcomes: CancelAllOutcome[]; exit: 0 | 2 | 3 | 5 }> {
  const { flags } = args
  const wanted = accountsFlag(flags)
  const holders = await Promise.all((await connectionsOf(args, io, connect)).map(holderOf))
  const seen = await accountsOf(holders)
  const chosen = wanted === 'all' ? seen : seen.filter((a) => wanted.includes(a.id))
  const missing = wanted === 'all' ? [] : wanted.filter((id) => !seen.some((a) => a.id === id))
  if (missing.length > 0) {
    throw new TerminalError({
      kind: 'not-found',
      code: 'NO_SUCH_ACCOUNT',
      message: `No key given sees account ${missing.join(', ')}: nothing was cancelled. Seen: ${seen.map((a) => a.id).join(', ') || 'none'}.`,
    })
  }
  const outcomes = await cancelAll(holders, chosen, io.sleep ? { sleep: io.sleep } : {})
  const has = (r: CancelAllOutcome['result']) => outcomes.some((o) => o.result === r)
  return { outcomes, exit: has('unknown') ? 5 : has('failed') ? 3 : has('no-key') ? 2 : 0 }
}
