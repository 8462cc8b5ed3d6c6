// The check `profiles add` makes of its flags before anything is saved: the app's own rules for a
// profile (profileInputSchema), in the CLI's words (its flags' names). Issues on the key or secret
// never quote them.
import { profileInputSchema } from '../domain/api/api'
import { TerminalError, type FieldIssue } from '../domain/errors'
import type { Credentials } from '../core/exchange/client'

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
