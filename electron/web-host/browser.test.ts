import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { browserArgs, prepareProfile } from './browser'

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const prefsOf = (profileDir: string) => JSON.parse(readFileSync(join(profileDir, 'Default', 'Preferences'), 'utf8')) as Record<string, unknown>

describe("the web host's browser window", () => {
  it('starts a new profile with the password manager off (it never offers to save the API secret) and no session restore', () => {
    dir = mkdtempSync(join(tmpdir(), 'browser-profile-'))
    prepareProfile(dir)
    expect(prefsOf(dir)).toEqual({ credentials_enable_service: false, profile: { password_manager_enabled: false }, session: { restore_on_startup: 5 } })
  })

  it("turns it off again in a profile Chromium wrote, keeping Chromium's other settings", () => {
    dir = mkdtempSync(join(tmpdir(), 'browser-profile-'))
    mkdirSync(join(dir, 'Default'))
    writeFileSync(
      join(dir, 'Default', 'Preferences'),
      JSON.stringify({
        credentials_enable_service: true,
        profile: { password_manager_enabled: true, name: 'Person 1' },
        session: { restore_on_startup: 1 },
        browser: { window_placement: { top: 5 } },
      }),
    )
    prepareProfile(dir)
    expect(prefsOf(dir)).toEqual({
      credentials_enable_service: false,
      profile: { password_manager_enabled: false, name: 'Person 1' },
      session: { restore_on_startup: 5 },
      browser: { window_placement: { top: 5 } },
    })
  })

  it('replaces a damaged Preferences file instead of failing to open the window', () => {
    dir = mkdtempSync(join(tmpdir(), 'browser-profile-'))
    mkdirSync(join(dir, 'Default'))
    writeFileSync(join(dir, 'Default', 'Preferences'), '{"profile": ')
    prepareProfile(dir)
    expect(prefsOf(dir)).toEqual({ credentials_enable_service: false, profile: { password_manager_enabled: false }, session: { restore_on_startup: 5 } })
  })

  it('puts the one-time URL on the command line and nothing else about access', () => {
    const args = browserArgs('http://127.0.0.1:4000/?code=abc', '/data/browser-profile', false)
    expect(args.filter((a) => a.includes('127.0.0.1'))).toEqual(['--app=http://127.0.0.1:4000/?code=abc'])
    expect(args).toContain('--user-data-dir=/data/browser-profile')
    expect(args).toContain('--incognito')
    expect(args).not.toContain('--no-sandbox')
    expect(browserArgs('http://127.0.0.1:4000/?code=abc', '/data/browser-profile', true)).toContain('--no-sandbox')
  })
})
