// The risk limits of every account, in <dataDir>/risk-limits.json, keyed by the exchange (its origin,
// or `demo` for the embedded demo on whatever port: profiles/exchange-key.ts says which) and the account id: an account id means something only on its own exchange, and a limit must bind the
// account whatever reaches it — the window through any profile of that account, the CLI through
// --profile or through --base-url with bare keys (which knows no profile). A second profile of the
// same account is still held by the account's limits.
//
// Read on every check, never cached: the CLI and the window share the file, and a limit set in one
// binds the other at once. A damaged file is left where it is and reported as "limits unknown" on
// every read (new entries are refused then, see risk-gate.ts): moving it aside, as other files are,
// would turn the next read into "no limits" and silently allow everything. Setting limits replaces a
// damaged file — the damaged one is kept beside it as a backup — and only the account set then has
// limits until the others are set again.
import { readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { RiskLimits } from '../../domain/risk/risk-limits'
import { riskLimitsSchema } from '../../domain/risk/risk-limits-schema'
import { backupPathFor, writeJsonAtomic } from './atomic-file'

export const RISK_LIMITS_FILE = 'risk-limits.json'

const fileSchema = z.object({ version: z.literal(1), accounts: z.record(z.string(), riskLimitsSchema) })
type LimitsFile = z.output<typeof fileSchema>

export type LimitsRead = { status: 'ok'; limits: RiskLimits | null } | { status: 'unknown'; problem: string }

export interface RiskLimitsStore {
  /** One account's limits; `accountId` null (an account the desk could not tell): known only when the exchange has none. */
  read(exchange: string, accountId: number | null): Promise<LimitsRead>
  /** Every account's limits on one exchange, by account id. */
  readExchange(exchange: string): Promise<{ status: 'ok'; accounts: Record<string, RiskLimits> } | { status: 'unknown'; problem: string }>
  /** Sets (null: removes) one account's limits. */
  write(exchange: string, accountId: number, limits: RiskLimits | null): Promise<void>
}

const keyOf = (exchange: string, accountId: number) => `${exchange} #${accountId}`

export function createRiskLimitsStore(dataDir: string, now: () => Date = () => new Date()): RiskLimitsStore {
  const path = join(dataDir, RISK_LIMITS_FILE)
  let writing: Promise<unknown> = Promise.resolve()

  async function load(): Promise<{ ok: true; file: LimitsFile } | { ok: false; problem: string }> {
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, file: { version: 1, accounts: {} } }
      return { ok: false, problem: `the limits file ${path} could not be read (${(error as Error).message})` }
    }
    let raw: unknown
    try {
      raw = JSON.parse(text)
    } catch {
      return { ok: false, problem: `the limits file ${path} is damaged (not valid JSON)` }
    }
    const parsed = fileSchema.safeParse(raw)
    if (!parsed.success) return { ok: false, problem: `the limits file ${path} is damaged or from a newer version (${parsed.error.issues[0]?.message ?? 'unexpected format'})` }
    return { ok: true, file: parsed.data }
  }

  async function readExchange(exchange: string) {
    const loaded = await load()
    if (!loaded.ok) return { status: 'unknown' as const, problem: loaded.problem }
    const prefix = `${exchange} #`
    const accounts = Object.fromEntries(Object.entries(loaded.file.accounts).flatMap(([k, v]) => (k.startsWith(prefix) ? [[k.slice(prefix.length), v]] : [])))
    return { status: 'ok' as const, accounts }
  }

  return {
    async read(exchange, accountId) {
      const all = await readExchange(exchange)
      if (all.status === 'unknown') return all
      if (accountId !== null) return { status: 'ok', limits: all.accounts[String(accountId)] ?? null }
      if (Object.keys(all.accounts).length === 0) return { status: 'ok', limits: null }
      return { status: 'unknown', problem: 'the account the order is for could not be told, and this exchange has accounts with limits' }
    },
    readExchange,
    async write(exchange, accountId, limits) {
      // Chained, so two quick changes never lose one another.
      const step = writing
        .catch(() => undefined)
        .then(async () => {
          const loaded = await load()
          if (!loaded.ok) await rename(path, backupPathFor(path, now())).catch(() => undefined)
          const accounts = { ...(loaded.ok ? loaded.file.accounts : {}) }
          if (limits === null) delete accounts[keyOf(exchange, accountId)]
          else accounts[keyOf(exchange, accountId)] = riskLimitsSchema.parse(limits)
          await writeJsonAtomic(path, { version: 1, accounts })
        })
      writing = step
      await step
    },
  }
}
