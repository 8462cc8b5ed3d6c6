// The positions' news on the desktop in the web host: only a position's notice, only where the trader
// and the browser allow it, never in the app (its core shows them natively).
import { describe, expect, it } from 'vitest'
import type { Notice } from '@domain/api/api-views'
import { askDesktop, notifyDesktop, type BrowserNotifications } from './desktop-notifications'

function fakeApi(permission: BrowserNotifications['permission'], answer: BrowserNotifications['permission'] = permission) {
  const shown: { title: string; body?: string }[] = []
  const api = function (this: unknown, title: string, options?: { body?: string }) {
    shown.push({ title, body: options?.body })
  } as unknown as BrowserNotifications
  Object.assign(api, { permission, requestPermission: async () => answer })
  return { api, shown }
}

const news: Notice = { kind: 'position', title: 'BTC/USDT long (Demo)', body: 'The stop gapped: the terminal sells 0.01 BTC at market' }

describe('desktop notifications of the positions’ news', () => {
  it('shows a position’s news in the web host when turned on and granted', () => {
    const { api, shown } = fakeApi('granted')
    expect(notifyDesktop(news, 'web', true, api)).toBe(true)
    expect(shown).toEqual([{ title: news.title, body: news.body }])
  })

  it('shows nothing when turned off, not granted, not a position’s news, or in the app', () => {
    const { api, shown } = fakeApi('granted')
    expect(notifyDesktop(news, 'web', false, api)).toBe(false)
    expect(notifyDesktop({ ...news, kind: 'order-filled' }, 'web', true, api)).toBe(false)
    expect(notifyDesktop(news, 'electron', true, api)).toBe(false)
    expect(notifyDesktop(news, 'web', true, fakeApi('denied').api)).toBe(false)
    expect(notifyDesktop(news, 'web', true, null)).toBe(false)
    expect(shown).toEqual([])
  })

  it('turning them on asks the browser, and says so when it refuses', async () => {
    expect(await askDesktop('web', fakeApi('default', 'granted').api)).toBeNull()
    expect(await askDesktop('web', fakeApi('default', 'denied').api)).toBe('The browser did not allow notifications: the window shows each one.')
    expect(await askDesktop('web', null)).toBe('This browser has no desktop notifications: the window shows each one.')
    expect(await askDesktop('electron', null)).toBeNull()
  })
})
