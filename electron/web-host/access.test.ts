// Who may use the web host, on its own: the session cap, guesses of any length, and reading the cookie
// out of what a browser sends. (The code and cookie through the real HTTP server are server.test.ts.)
import { describe, expect, it } from 'vitest'
import { MAX_SESSIONS, cookieValues, createAccess, sessionCookieName } from './access'

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

describe('guesses', () => {
  it('a code or session of another length is refused, not an error (a 500 would tell the length)', () => {
    const access = createAccess()
    const session = access.redeem(access.issueCode())!
    for (const guess of ['x', `${session}x`, session.slice(1), '']) {
      expect(access.hasSession(guess)).toBe(false)
      expect(access.isCodeLive(guess)).toBe(false)
      expect(access.redeem(guess)).toBeNull()
    }
    expect(access.hasSession(session)).toBe(true)
  })
})

describe('the session cookie in a Cookie header', () => {
  const name = sessionCookieName(8123)
  it('is found wherever the browser puts it among other cookies, each value once', () => {
    expect(cookieValues(`theme=dark; ${name}=abc;${sessionCookieName(9000)}=other;  ${name}=def`, name)).toEqual(['abc', 'def'])
  })

  it('a request without cookies carries no session value', () => {
    expect(cookieValues(undefined, name)).toEqual([])
    expect(cookieValues('', name)).toEqual([])
  })
})

describe('scoped codes', () => {
  it("a pop-out's code is live for its scope alone, and a try for another scope spends it", () => {
    const access = createAccess()
    const code = access.issueCode('popout:chart:0')
    expect(access.isCodeLive(code)).toBe(false)
    expect(access.isCodeLive(code, 'popout:book:0')).toBe(false)
    expect(access.isCodeLive(code, 'popout:chart:0')).toBe(true)
    expect(access.redeem(code, 'popout:chart:1')).toBeNull()
    expect(access.isCodeLive(code, 'popout:chart:0')).toBe(false)
    expect(access.redeem(code, 'popout:chart:0')).toBeNull()
    const main = access.issueCode()
    expect(access.isCodeLive(main, 'popout:chart:0')).toBe(false)
    expect(access.redeem(main)).not.toBeNull()
  })
})
