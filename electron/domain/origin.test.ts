// Which URL changes keep a stored key on the same exchange, and which addresses may carry a key at all.
import { describe, expect, it } from 'vitest'
import { methodInputs, profileInputSchema } from './api/api'
import { BASE_URL_MESSAGES, FEED_URL_MESSAGES, baseUrlProblem, feedUrlProblem, isLoopbackHost, originOf, sameOrigin } from './origin'

describe('sameOrigin', () => {
  it.each([
    ['trailing slashes', 'https://ex.example/api/v3', 'https://ex.example/api/v3/'],
    ['the default https port', 'https://ex.example:443/api/v3', 'https://ex.example/api/v3'],
    ['the default http port', 'http://127.0.0.1:80/api', 'http://127.0.0.1/api'],
    ['case of scheme and host', 'HTTPS://EX.Example/api/v3', 'https://ex.example/api/v3'],
    ['an IDN host, Unicode vs punycode', 'https://bücher.example/api', 'https://xn--bcher-kva.example/api'],
    ['another path', 'https://ex.example/api/v3', 'https://ex.example/other/v4?x=1'],
    ['spaces around', '  https://ex.example/api ', 'https://ex.example/api'],
    ['a short IPv4 form', 'http://127.1:9000/', 'http://127.0.0.1:9000/'],
  ])('treats %s as the same origin', (_, a, b) => {
    expect(sameOrigin(a, b)).toBe(true)
  })

  it.each([
    ['a scheme change', 'https://ex.example/api', 'http://ex.example/api'],
    ['another port', 'https://ex.example/api', 'https://ex.example:8443/api'],
    ['another host', 'https://ex.example/api', 'https://ex.example.evil/api'],
    ['a sub-domain', 'https://ex.example/api', 'https://api.ex.example/api'],
    ['another loopback port', 'http://127.0.0.1:4000/api/v3', 'http://127.0.0.1:4001/api/v3'],
    ['another IDN host', 'https://bücher.example/', 'https://bucher.example/'],
  ])('treats %s as another origin', (_, a, b) => {
    expect(sameOrigin(a, b)).toBe(false)
  })

  it('never calls two unparseable or non-http URLs the same', () => {
    expect(sameOrigin('not a url', 'not a url')).toBe(false)
    expect(sameOrigin('file:///etc/passwd', 'file:///etc/passwd')).toBe(false)
    expect(originOf('ftp://ex.example/')).toBeNull()
  })
})

describe('base URL rules', () => {
  it.each(['localhost', 'LOCALHOST', '127.0.0.1', '127.255.3.4', '[::1]'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true)
  })
  it.each(['128.0.0.1', '10.0.0.1', 'localhost.example', 'exchange.invalid', '[::2]', '127.0.0.1.nip.io'])('%s is not loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false)
  })

  it('allows https anywhere and http only to this computer', () => {
    expect(baseUrlProblem('https://www.alp.com/api/v3')).toBeNull()
    expect(baseUrlProblem('http://127.0.0.1:4100/api/v3')).toBeNull()
    expect(baseUrlProblem('http://localhost:4100/api/v3')).toBeNull()
    expect(baseUrlProblem('http://[::1]:4100/api/v3')).toBeNull()
    expect(baseUrlProblem('http://exchange.invalid/api/v3')).toBe(BASE_URL_MESSAGES.plainHttp)
    expect(baseUrlProblem('http://192.168.1.10/api/v3')).toBe(BASE_URL_MESSAGES.plainHttp)
  })

  it('refuses a user name or password in the URL, also on loopback', () => {
    expect(baseUrlProblem('http://user:pass@127.0.0.1:1/api/v3')).toBe(BASE_URL_MESSAGES.userinfo)
    expect(baseUrlProblem('https://user@ex.example/api/v3')).toBe(BASE_URL_MESSAGES.userinfo)
  })

  it('puts the reason on the baseUrl field of create and update', () => {
    const created = profileInputSchema.safeParse({ name: 'X', baseUrl: 'http://exchange.invalid/api/v3', apiKey: 'k'.repeat(10), apiSecret: 's'.repeat(10) })
    expect(created.success).toBe(false)
    expect(created.error?.issues[0]).toMatchObject({ path: ['baseUrl'], message: BASE_URL_MESSAGES.plainHttp })
    const updated = methodInputs['profiles.update'].safeParse({ id: 'p1', baseUrl: 'http://user:pass@127.0.0.1:1/api/v3' })
    expect(updated.error?.issues[0]).toMatchObject({ path: ['baseUrl'], message: BASE_URL_MESSAGES.userinfo })
    expect(methodInputs['profiles.test'].safeParse({ baseUrl: 'http://exchange.invalid/', apiKey: 'k'.repeat(10), apiSecret: 's'.repeat(10) }).success).toBe(false)
  })
})

describe('feedUrlProblem', () => {
  it('takes wss anywhere on the base URL host, and ws only on this computer', () => {
    expect(feedUrlProblem('wss://exchange.example/alp-ws', 'https://exchange.example/api/v3')).toBeNull()
    expect(feedUrlProblem('wss://exchange.example:9443/stream', 'https://exchange.example/api/v3')).toBeNull()
    expect(feedUrlProblem('ws://127.0.0.1:8080/alp-ws', 'http://127.0.0.1:8080/api/v3')).toBeNull()
    expect(feedUrlProblem('ws://exchange.example/alp-ws', 'https://exchange.example/api/v3')).toBe(FEED_URL_MESSAGES.plainWs)
  })

  it('refuses another host (it would be sent the session token), other schemes and credentials in the URL', () => {
    expect(feedUrlProblem('wss://evil.example/alp-ws', 'https://exchange.example/api/v3')).toBe(FEED_URL_MESSAGES.otherHost)
    expect(feedUrlProblem('https://exchange.example/alp-ws', null)).toBe(FEED_URL_MESSAGES.scheme)
    expect(feedUrlProblem('wss://u:p@exchange.example/alp-ws', null)).toBe(FEED_URL_MESSAGES.userinfo)
    expect(feedUrlProblem('not a url', null)).toMatch(/Enter a URL like wss:/)
  })
})
