// Who may use the web host, on its own: the session cap. (The code and cookie through the real HTTP
// server are server.test.ts.)
import { describe, expect, it } from 'vitest'
import { MAX_SESSIONS, createAccess } from './access'

describe('web host sessions', () => {
  it('holds at most MAX_SESSIONS windows: one more signs the oldest out, and only the oldest', () => {
    const access = createAccess()
    const sessions = Array.from({ length: MAX_SESSIONS }, () => access.redeem(access.issueCode())!)
    expect(new Set(sessions).size).toBe(MAX_SESSIONS)
    expect(sessions.every((s) => access.hasSession(s))).toBe(true)
    const newest = access.redeem(access.issueCode())!
    expect(access.hasSession(newest)).toBe(true)
    expect(access.hasSession(sessions[0])).toBe(false)
    expect(sessions.slice(1).every((s) => access.hasSession(s))).toBe(true)
  })
})
