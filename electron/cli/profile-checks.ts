// The checks `profiles add` and `profiles update` make before anything is saved: the app's own rules
// for a profile (profileInputSchema), and the app's connection test against the exchange. Issues on
// the key or secret never quote them.
import { profileInputSchema, type ConnectionTestResult } from '../domain/api'
import { TerminalError, isTerminalError, type FieldIssue } from '../domain/errors'
import { createExchangeClient, type Credentials } from '../core/exchange/client'
import type { CliIo } from './run'

const FIELD_LABEL: Record<string, string> = { name: '--name', baseUrl: '--base-url', apiKey: 'the API key', apiSecret: 'the API secret' }

/** The app's own rules for a new profile (profileInputSchema). Issues on the key or secret never quote them. */
export function validateInput(input: { name: string; baseUrl: string } & Credentials) {
  const parsed = profileInputSchema.safeParse(input)
  if (parsed.success) return parsed.data
  const issues: FieldIssue[] = parsed.error.issues.map((issue) => {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : 'form'
    const secret = field === 'apiKey' || field === 'apiSecret'
    return { field, code: 'INVALID_PROFILE', message: secret ? `${FIELD_LABEL[field]} must be 8 to 256 characters` : issue.message }
  })
  throw new TerminalError({
    kind: 'validation',
    code: 'INVALID_PROFILE',
    field: issues[0]?.field ?? 'form',
    issues,
    message: `Nothing was saved: ${issues.map((i) => `${FIELD_LABEL[i.field] ?? i.field}: ${i.message}`).join('; ')}.`,
  })
}

/** The app's connection test (server time, then the account tree); throws the failure as it is. */
export async function testConnection(baseUrl: string, credentials: Credentials, io: CliIo, timeoutMs: number): Promise<ConnectionTestResult> {
  const probe = createExchangeClient({
    baseUrl,
    credentials: async () => credentials,
    timeoutMs,
    maxTries: 1,
    ...(io.fetch ? { fetch: io.fetch } : {}),
    ...(io.sleep ? { sleep: io.sleep } : {}),
    ...(io.random ? { random: io.random } : {}),
  })
  const started = Date.now()
  const time = await probe.time().catch(() => null)
  const accounts = await probe.accounts({ include_subaccounts: true })
  const skew = time ? Math.round(time.serverTime * 1000 - (started + Date.now()) / 2) : null
  return { ok: true, accounts, serverTimeSkewMs: skew }
}

export function asTerminalError(error: unknown): TerminalError {
  return isTerminalError(error) ? error : new TerminalError({ kind: 'internal', code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) })
}
