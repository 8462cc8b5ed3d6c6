import { describe, expect, it, vi } from 'vitest'
import { CONTENT_SECURITY_POLICY, hardenContents, hardenSession, isSafeExternalUrl, secureWebPreferences } from './security'
import { APP_URL } from './app-protocol'
import { isAppUrl, isTrustedSender } from './sender'

describe('window options', () => {
  it('are sandboxed, context-isolated, without Node, with web security on', () => {
    expect(secureWebPreferences('/p.cjs')).toMatchObject({
      preload: '/p.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    })
  })
})

describe('Content-Security-Policy', () => {
  it('allows only the app’s own scripts and never eval', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'")
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval')
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'")
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:/)
  })

  it('is added to every response, and every permission is denied', () => {
    let headersHook: ((d: { responseHeaders?: Record<string, string[]> }, cb: (r: unknown) => void) => void) | undefined
    let permissionHook: ((c: unknown, p: string, cb: (ok: boolean) => void) => void) | undefined
    let checkHook: (() => boolean) | undefined
    hardenSession({
      setPermissionRequestHandler: (h: never) => (permissionHook = h),
      setPermissionCheckHandler: (h: never) => (checkHook = h),
      webRequest: { onHeadersReceived: (h: never) => (headersHook = h) },
    } as never)
    const answer = vi.fn()
    headersHook!({ responseHeaders: { a: ['b'] } }, answer)
    expect(answer).toHaveBeenCalledWith({ responseHeaders: { a: ['b'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY], 'X-Content-Type-Options': ['nosniff'] } })
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const decide = vi.fn()
      permissionHook!({}, permission, decide)
      expect(decide).toHaveBeenCalledWith(false)
    }
    expect(checkHook!()).toBe(false)
  })
})

describe('navigation and new windows', () => {
  const appUrl = APP_URL
  function harden() {
    const events = new Map<string, (e: { preventDefault(): void }, url: string) => void>()
    let openHandler: ((d: { url: string }) => { action: string }) | undefined
    const openExternal = vi.fn()
    hardenContents({ setWindowOpenHandler: (h: never) => (openHandler = h), on: (name: string, h: never) => events.set(name, h) } as never, appUrl, openExternal)
    return { events, openHandler: openHandler!, openExternal }
  }

  it('denies every new window and opens only safe https links externally', () => {
    const { openHandler, openExternal } = harden()
    expect(openHandler({ url: 'https://www.alp.com/help' })).toEqual({ action: 'deny' })
    expect(openHandler({ url: 'http://insecure.example' })).toEqual({ action: 'deny' })
    expect(openHandler({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(openHandler({ url: 'https://user:pw@evil.example' })).toEqual({ action: 'deny' })
    expect(openExternal.mock.calls).toEqual([['https://www.alp.com/help']])
  })

  it('blocks navigation away from the app', () => {
    const { events } = harden()
    for (const url of ['https://evil.example', 'file:///etc/passwd', 'file:///app/out/renderer/index.html', 'app://elsewhere/index.html', 'about:blank']) {
      const event = { preventDefault: vi.fn() }
      events.get('will-navigate')!(event, url)
      expect(event.preventDefault).toHaveBeenCalled()
    }
    const same = { preventDefault: vi.fn() }
    events.get('will-navigate')!(same, appUrl)
    expect(same.preventDefault).not.toHaveBeenCalled()
  })

  it('classifies URLs', () => {
    expect(isSafeExternalUrl('javascript:alert(1)')).toBe(false)
    expect(isAppUrl('http://localhost:5173/x', 'http://localhost:5173/')).toBe(true)
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false)
    expect(isTrustedSender({ url: appUrl, parent: null }, { appUrl, isAppMainFrame: () => false })).toBe(false)
    expect(isTrustedSender({ url: appUrl, parent: null }, { appUrl, isAppMainFrame: () => true })).toBe(true)
    // The app's own scheme and host, any page of it; nothing else of the scheme, no file:, no http.
    expect(isAppUrl('app://terminal/index.html#/orders', APP_URL)).toBe(true)
    expect(isAppUrl('app://terminal.evil/index.html', APP_URL)).toBe(false)
    expect(isAppUrl('app://other/index.html', APP_URL)).toBe(false)
    expect(isAppUrl('file:///opt/terminal/resources/app.asar/out/renderer/index.html', APP_URL)).toBe(false)
    expect(isAppUrl('http://terminal/index.html', APP_URL)).toBe(false)
    expect(isAppUrl('about:blank', APP_URL)).toBe(false)
  })
})
