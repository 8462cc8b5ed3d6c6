// Connection states in words for the header and status bar.
import type { ConnectionStatus } from '@domain/api/api'

export type Tone = 'ok' | 'busy' | 'warn' | 'bad' | 'idle'

export interface ConnectionLabel {
  label: string
  tone: Tone
}

/** "online", "retrying in 4 s", "rate limited, retry in 12 s", "re-authenticating", "offline". */
export function describeConnection(status: ConnectionStatus | null | undefined, now: number): ConnectionLabel {
  if (!status) return { label: 'not connected', tone: 'idle' }
  const wait = status.retryAt !== undefined ? Math.max(0, Math.ceil((status.retryAt - now) / 1000)) : null
  switch (status.state) {
    case 'online':
      return { label: 'online', tone: 'ok' }
    case 'connecting':
      return { label: 'connecting…', tone: 'busy' }
    case 'retrying':
      return { label: wait !== null ? `retrying in ${wait} s` : 'retrying…', tone: 'warn' }
    case 'rate-limited':
      return { label: wait !== null ? `rate limited, retry in ${wait} s` : 'rate limited', tone: 'warn' }
    case 'reauthenticating':
      return { label: 're-authenticating…', tone: 'busy' }
    case 'offline':
      return { label: 'offline', tone: 'bad' }
    case 'idle':
      return { label: 'idle', tone: 'idle' }
  }
}
