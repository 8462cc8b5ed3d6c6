// One demo exchange per test file (not live, seed 42) with a signed session for the master account
// and its two sub-accounts: what the conformance tests of accounts and orders start from. The file's
// tests share it in turn, so each starts from the balances and books the one before it left.
import { afterAll, beforeAll } from 'vitest'
import type { DemoExchange } from '../server'
import { Session, startTestExchange } from './test-kit.test-util'

// Assigned by useExchangeSessions's hooks; an importer reads the current value (a live binding).
export let ex: DemoExchange
export let master: Session
export let sub1: Session
export let sub2: Session

/** Starts the exchange and opens the three sessions before the file's tests, and stops it after them. */
export function useExchangeSessions(): void {
  beforeAll(async () => {
    ex = await startTestExchange()
    master = await Session.open(ex, 0)
    sub1 = await Session.open(ex, 1)
    sub2 = await Session.open(ex, 2)
  })
  afterAll(() => ex.close())
}
