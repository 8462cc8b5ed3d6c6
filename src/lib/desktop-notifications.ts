// A position's news on the desktop in the web host: the browser's Notification API, where the trader
// turned the positions' notifications on and the browser granted them. In the Electron app the core
// shows them natively (electron/main), so the window adds none; everywhere the window also shows its
// own in-window notice. A notice carries words only — never a key or a secret (the core's lines are
// built from prices, amounts and pair names).
import type { HostKind, Notice } from '@domain/api/api-views'

/** The browser's Notification, where there is one (the tests hand in a stand-in). */
export interface BrowserNotifications {
  permission: 'default' | 'granted' | 'denied'
  requestPermission(): Promise<'default' | 'granted' | 'denied'>
  new (title: string, options?: { body?: string; tag?: string }): unknown
}

export const browserNotifications = (): BrowserNotifications | null => (globalThis as { Notification?: BrowserNotifications }).Notification ?? null

/** Shows `notice` on the desktop when it is a position's news, the host is the web host, and the trader and the browser allow it. */
export function notifyDesktop(notice: Notice, host: HostKind | null, enabled: boolean, api: BrowserNotifications | null = browserNotifications()): boolean {
  if (notice.kind !== 'position' || host === 'electron' || !enabled || api === null || api.permission !== 'granted') return false
  new api(notice.title, { body: notice.body, tag: `${notice.title}:${notice.body}` })
  return true
}

/**
 * Turning the notifications on in the web host asks the browser first; answers what the trader is
 * told: null when it is granted (or in the app, where the core shows them), else why only the window
 * will show them.
 */
export async function askDesktop(host: HostKind | null, api: BrowserNotifications | null = browserNotifications()): Promise<string | null> {
  if (host === 'electron') return null
  if (api === null) return 'This browser has no desktop notifications: the window shows each one.'
  const answer = api.permission === 'granted' ? 'granted' : await api.requestPermission()
  return answer === 'granted' ? null : 'The browser did not allow notifications: the window shows each one.'
}
