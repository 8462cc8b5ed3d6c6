import { describe, expect, it } from 'vitest'
import { FeedUrlError, defaultFeedUrl } from './feed-url'

describe('defaultFeedUrl', () => {
  it('puts the feed beside the API: https → wss, http → ws, port and path prefix kept', () => {
    expect(defaultFeedUrl('https://www.alp.com/api/v3')).toBe('wss://www.alp.com/alp-ws')
    expect(defaultFeedUrl('http://127.0.0.1:43117/api/v3')).toBe('ws://127.0.0.1:43117/alp-ws')
    expect(defaultFeedUrl('https://example.org:8443/exchange/api/v3/')).toBe('wss://example.org:8443/exchange/alp-ws')
    expect(defaultFeedUrl('http://[::1]:9000/api/v3?x=1#y')).toBe('ws://[::1]:9000/alp-ws')
  })

  it('refuses what it cannot derive, saying why', () => {
    expect(() => defaultFeedUrl('not a url')).toThrow(new FeedUrlError('Cannot derive a feed URL: "not a url" is not a URL.'))
    expect(() => defaultFeedUrl('ftp://host/api/v3')).toThrow(/must be http:\/\/ or https:\/\//)
    expect(() => defaultFeedUrl('https://host/api/v2')).toThrow(/does not end in \/api\/v3/)
    expect(() => defaultFeedUrl('https://user:pw@host/api/v3')).toThrow(/user name or password/)
    // the refusal never repeats a password it was given
    expect(() => defaultFeedUrl('https://user:hunter2@host/api/v3')).toThrow(expect.not.objectContaining({ message: expect.stringContaining('hunter2') }))
  })
})
