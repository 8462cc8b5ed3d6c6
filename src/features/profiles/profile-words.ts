// What the profile manager shows of a profile and a connection test, and the attributes of its key
// fields: pure, so the component holds only the list, the form and their state.
import type { InputHTMLAttributes } from 'vue'
import type { ConnectionTestResult, ProfileView } from '@domain/api/api'
import { messageWithCode } from '@domain/errors'

export const storageLabel: Record<ProfileView['secretStorage'], string> = { keychain: 'keychain', session: 'session only', missing: 'secret missing' }
export const storageType = (s: ProfileView['secretStorage']) => (s === 'keychain' ? 'success' : s === 'session' ? 'warning' : 'error')

export function describeTest(result: ConnectionTestResult): string {
  if (!result.ok) return result.error ? messageWithCode(result.error.message, result.error.code) : 'The connection failed.'
  const names = result.accounts.map((a) => `${a.name || a.email} (#${a.id})`).join(', ')
  const skew = result.serverTimeSkewMs === null ? '' : ` Clock difference to the server: ${Math.round(result.serverTimeSkewMs)} ms.`
  return `Connected. ${result.accounts.length} account${result.accounts.length === 1 ? '' : 's'} found${names ? `: ${names}` : ''}.${skew}`
}

/** Attributes for the inner <input>: a test id, and no autofill or spell check of keys. */
export const inputAttrs = (testId: string) => ({ 'data-testid': testId, autocomplete: 'off', spellcheck: false }) as InputHTMLAttributes
/**
 * The secret: a text field masked by CSS (.secret-field), not type=password, so Chromium's password
 * manager (and the ones in extensions, told by their opt-out attributes) never offers to save it; and
 * it cannot be copied back out of the field.
 */
export const secretAttrs = {
  ...inputAttrs('profile-api-secret'),
  'data-1p-ignore': 'true',
  'data-lpignore': 'true',
  'data-bwignore': 'true',
  onCopy: (e: Event) => e.preventDefault(),
  onCut: (e: Event) => e.preventDefault(),
} as InputHTMLAttributes
