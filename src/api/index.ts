// `useTerminal()` is how stores reach the main process. Tests call `setTerminal(fake)` first; the
// window's boot (boot.ts) calls `startTerminal()` first, which sends the start's first calls at once.
import type { MethodName, TerminalBridge } from '@domain/api/api'
import { detectBridge } from './transport'
import { FIRST_CALLS, type FirstAnswers, sendFirstCalls } from './first-calls'
import { takePageData } from './page-data'

export { takePageData }

let current: TerminalBridge | null = null

export function useTerminal(): TerminalBridge {
  if (!current) current = detectBridge()
  return current
}

/**
 * The window's bridge, picked as `useTerminal()` picks it, with the start's first calls already sent
 * (first-calls.ts), and their answers to read (the window's first chart). Throws as `useTerminal()`
 * does when there is no way to the core. `given`: the answers the page came with (page-data.ts);
 * `after`: the calls for the rest wait for it (boot.ts).
 */
export function startTerminal(given: Partial<Record<MethodName, unknown>> = takePageData(), after?: Promise<unknown>): FirstAnswers {
  const { bridge, answers } = sendFirstCalls(current ?? detectBridge(), FIRST_CALLS, given, after)
  current = bridge
  return answers
}

/** Replaces the bridge (tests, or a host that wants to inject one). */
export function setTerminal(bridge: TerminalBridge | null): void {
  current = bridge
}

export { TerminalError, isTerminalError } from '@domain/errors'
