// `useTerminal()` is how stores reach the main process. Tests call `setTerminal(fake)` first.
import type { TerminalBridge } from '@domain/api'
import { detectBridge } from './transport'

let current: TerminalBridge | null = null

export function useTerminal(): TerminalBridge {
  if (!current) current = detectBridge()
  return current
}

/** Replaces the bridge (tests, or a host that wants to inject one). */
export function setTerminal(bridge: TerminalBridge | null): void {
  current = bridge
}

export { TerminalError, isTerminalError } from '@domain/errors'
