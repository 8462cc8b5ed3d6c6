// "Cancel all" over several accounts: each account's orders cancelled through the profile holding
// its own key ({"all": true}: orders placed since the confirmation are cancelled too), then read
// back. The result per account is what the read-back shows, not what was hoped: cancelled (none left
// open), failed (the exchange's words, or orders still open), or unknown (the answer was lost and the
// read-back failed too: said as such, never guessed). An account no profile holds a key for is
// named with that reason.
import type { AccountRef, CancelAllOutcome } from '../../domain/portfolio/all-accounts'
import { toTerminalError } from '../../domain/errors'
import { NO_KEY_TEXT, holderOf, openOrdersOf, type Holder } from './open-orders'

export interface CancelAllOptions {
  /** Read-backs after the cancel while orders still show open (the exchange may take a moment). */
  readBacks?: number
  sleep?: (ms: number) => Promise<void>
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

async function cancelOne(holder: Holder, account: AccountRef, options: Required<CancelAllOptions>): Promise<CancelAllOutcome> {
  let before: number | null
  try {
    before = (await openOrdersOf(holder, account.id)).length
  } catch {
    before = null // not known: the cancel is still sent, and the read-back says what came of it
  }
  if (before === 0) return { account, result: 'nothing', before, remaining: 0, message: 'No open orders.' }
  let sendError: unknown = null
  try {
    await holder.client.cancelOrders({ all: true })
  } catch (error) {
    sendError = error
  }
  const failed = sendError === null ? null : toTerminalError(sendError)
  // The exchange refused: nothing was cancelled, in its own words.
  if (failed?.kind === 'rejected' || failed?.kind === 'auth') return { account, result: 'failed', before, remaining: before, message: failed.message }
  let remaining: number | null = null
  for (let i = 0; i < options.readBacks; i++) {
    try {
      remaining = (await openOrdersOf(holder, account.id)).length
      if (remaining === 0) break
    } catch {
      remaining = null
    }
    await options.sleep(300 * (i + 1))
  }
  if (remaining === 0) {
    const lost = failed ? ` The exchange’s answer was lost (${failed.message}); the read-back shows none open.` : ''
    return { account, result: 'cancelled', before, remaining, message: `${before === null ? 'All' : before} open order${before === 1 ? '' : 's'} cancelled.${lost}` }
  }
  if (remaining === null) {
    return {
      account,
      result: 'unknown',
      before,
      remaining,
      message: `Not known whether its orders were cancelled: ${failed ? failed.message : 'the cancel was sent'}, and they could not be read back. Check again.`,
    }
  }
  return { account, result: 'failed', before, remaining, message: `${remaining} order${remaining === 1 ? '' : 's'} still open after the cancel${failed ? ` (${failed.message})` : ''}.` }
}

/** Cancels every open order of each account, one account at a time, and says what each read-back shows. */
export async function cancelAll(holders: readonly Holder[], accounts: readonly AccountRef[], options: CancelAllOptions = {}): Promise<CancelAllOutcome[]> {
  const opts = { readBacks: options.readBacks ?? 4, sleep: options.sleep ?? defaultSleep }
  const outcomes: CancelAllOutcome[] = []
  for (const account of accounts) {
    const holder = holderOf(holders, account)
    outcomes.push(holder ? await cancelOne(holder, account, opts) : { account, result: 'no-key', before: null, remaining: null, message: NO_KEY_TEXT })
  }
  return outcomes
}
