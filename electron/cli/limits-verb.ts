// `npm run cli -- limits set|show`: an account's risk limits, kept in the data directory beside the
// profiles (TERMINAL_DATA_DIR overrides it) per exchange and account id — the same file the
// window's Limits tab writes and the order desk reads before every order (core/orders/risk-gate.ts).
// The exchange is named as for every verb, by --base-url (its origin) or --profile (its origin, or
// `demo` for a profile of the embedded demo: core/profiles/exchange-key.ts); nothing is sent to it.
// `riskGateForCli` is place-order's gate: the CLI's orders are held by the same limits as the window's.
import { TerminalError } from '../domain/errors'
import { riskLimitsSchema } from '../domain/risk/risk-limits-schema'
import { resolveDataDir } from '../core/storage/data-dir'
import { createRiskLimitsStore, type RiskLimitsStore } from '../core/storage/risk-limits-store'
import { riskGateOf } from '../core/orders/terminal-limits'
import { exchangeKeyOf } from '../core/profiles/exchange-key'
import type { RiskGate } from '../core/orders/risk-gate'
import type { ExchangeClient } from '../core/exchange/client'
import { UsageError, readFlags, type ParsedArgs } from './args'

export interface LimitsIo {
  env: Readonly<Record<string, string | undefined>>
  resolveProfile?: (name: string) => Promise<{ baseUrl: string; isDemo?: boolean | undefined }>
}

const CONNECTION = { 'base-url': { type: 'string' }, profile: { type: 'string' } } as const
const SET_FLAGS = {
  ...CONNECTION,
  account: { type: 'string' },
  currency: { type: 'string' },
  'max-order-value': { type: 'string' },
  'max-open-value': { type: 'string' },
  'max-open-orders': { type: 'string' },
  'daily-loss': { type: 'string' },
} as const
const SHOW_FLAGS = { ...CONNECTION, account: { type: 'string' } } as const

const storeOf = (io: LimitsIo): RiskLimitsStore => createRiskLimitsStore(resolveDataDir({ env: { ...io.env } as NodeJS.ProcessEnv }))

/** The exchange the flags name: the origin of --base-url, or the named profile's exchange. */
export async function exchangeFrom(flags: Record<string, string | true | undefined>, io: LimitsIo): Promise<string> {
  const baseUrl = typeof flags['base-url'] === 'string' ? flags['base-url'] : undefined
  const profile = typeof flags.profile === 'string' ? flags.profile : undefined
  if ((baseUrl === undefined) === (profile === undefined)) throw new UsageError('Say which exchange: --base-url <url> or --profile <name> (one of them).')
  if (baseUrl !== undefined) return exchangeKeyOf({ baseUrl })
  if (!io.resolveProfile) throw new TerminalError({ kind: 'not-found', code: 'PROFILES_UNAVAILABLE', message: 'Profiles are not available in this build of the CLI; use --base-url.' })
  return exchangeKeyOf(await io.resolveProfile(profile!))
}

function accountOf(value: string | true | undefined, required: boolean): number | undefined {
  if (value === undefined && !required) return undefined
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim())) throw new UsageError('--account must be an account id, like 12.')
  return Number(value.trim())
}

/** A limit's flag: absent or "none" is no limit. */
const valueOf = (value: string | true | undefined): string | null => (typeof value === 'string' && value.trim().toLowerCase() !== 'none' ? value.trim() : null)

export async function runLimits(rest: readonly string[], io: LimitsIo): Promise<unknown> {
  const [sub, ...argv] = rest
  const store = storeOf(io)
  if (sub === 'set') {
    const flags = readFlags(argv, SET_FLAGS, 'limits set')
    const accountId = accountOf(flags.account, true)!
    const count = valueOf(flags['max-open-orders'])
    if (count !== null && !/^\d+$/.test(count)) throw new UsageError(`--max-open-orders must be a whole number, got "${count}".`)
    const parsed = riskLimitsSchema.safeParse({
      currency: (valueOf(flags.currency) ?? 'USDT').toUpperCase(),
      maxOrderValue: valueOf(flags['max-order-value']),
      maxOpenValue: valueOf(flags['max-open-value']),
      maxOpenOrders: count === null ? null : Number(count),
      dailyLoss: valueOf(flags['daily-loss']),
    })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      const flag = { currency: 'currency', maxOrderValue: 'max-order-value', maxOpenValue: 'max-open-value', maxOpenOrders: 'max-open-orders', dailyLoss: 'daily-loss' }[String(issue.path[0])]
      throw new TerminalError({ kind: 'validation', code: 'INVALID_LIMITS', field: String(issue.path[0]), message: `--${flag}: ${issue.message}. Nothing was saved.` })
    }
    const exchange = await exchangeFrom(flags, io)
    await store.write(exchange, accountId, parsed.data)
    return { exchange, accountId, limits: parsed.data }
  }
  if (sub === 'show') {
    const flags = readFlags(argv, SHOW_FLAGS, 'limits show')
    const accountId = accountOf(flags.account, false)
    const exchange = await exchangeFrom(flags, io)
    const read = await store.readExchange(exchange)
    if (read.status === 'unknown')
      throw new TerminalError({ kind: 'storage', code: 'LIMITS_UNKNOWN', message: `The risk limits are unknown: ${read.problem}. New entries are refused until they are set again.` })
    if (accountId === undefined) return { exchange, accounts: read.accounts }
    return { exchange, accountId, limits: read.accounts[String(accountId)] ?? null }
  }
  throw new UsageError('limits takes "set --account ID [--max-order-value V] [--max-open-value V] [--max-open-orders N] [--daily-loss V] [--currency USDT]" or "show [--account ID]".')
}

/** The gate place-order's desk asks before sending: the limits of the exchange the flags name. */
export async function riskGateForCli(args: ParsedArgs, io: LimitsIo, client: ExchangeClient): Promise<RiskGate> {
  const profile = typeof args.flags.profile === 'string' && io.resolveProfile ? await io.resolveProfile(args.flags.profile) : { baseUrl: args.flags['base-url'] as string }
  return riskGateOf(storeOf(io), profile, client)
}
