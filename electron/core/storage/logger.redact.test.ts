// What the log never shows: registered secrets wherever they hide, secret-shaped text (each pattern
// alone, in free text, as an error message or a URL carries it), and secret-named fields. And what it
// keeps: ordinary text, and fields that only mention a secret.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TerminalError } from '../../domain/errors'
import { REDACTED, createLogger, redactText } from './logger'

const SECRET = 'sEcReT-9f8e7d6c5b4a"\\/+=&'
const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwiZXhwIjoxNzAwMDAwMDAwfQ.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
const HMAC = 'a3f5c9e1b7d2468f0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'logger-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const logText = () => readFileSync(join(dir, 'logs', 'terminal.log'), 'utf8')

describe('registered secrets', () => {
  it('are never written, wherever they hide: message, nested field, URL, error text', () => {
    const seen: string[] = []
    const logger = createLogger({ dir, sink: (line) => seen.push(line) })
    logger.registerSecret(SECRET)
    logger.info(`auth with ${SECRET}`)
    logger.info('request', { body: { api_key: 'k', note: SECRET }, url: `https://x/?s=${encodeURIComponent(SECRET)}` })
    logger.error('failed', { error: new TerminalError({ kind: 'auth', code: 'AUTH', message: `bad secret ${SECRET}` }) })
    const text = logText()
    expect(text).not.toContain(SECRET)
    expect(text).not.toContain(JSON.stringify(SECRET).slice(1, -1))
    expect(text).not.toContain(encodeURIComponent(SECRET))
    expect(text.split('[redacted]').length - 1).toBeGreaterThanOrEqual(4)
    expect(seen.join('\n')).not.toContain(SECRET)
  })

  it('are masked every time they occur, the longest first: a secret holding another leaks no part of itself', () => {
    expect(redactText('sent abcdefgh, then abcdefgh again', ['abcd', 'abcdefgh'])).toBe(`sent ${REDACTED}, then ${REDACTED} again`)
  })

  it('of four characters are masked; shorter ones would mask ordinary words and are ignored', () => {
    const logger = createLogger({ dir })
    logger.registerSecret('7x9Q')
    logger.registerSecret('ab')
    logger.info('pin 7x9Q on a cab')
    expect(JSON.parse(logText())).toMatchObject({ msg: `pin ${REDACTED} on a cab` })
    expect(redactText('a b c', ['a'])).toBe('a b c')
  })
})

describe('secret-shaped text, each pattern alone', () => {
  it('masks an opaque bearer token after "Bearer", and keeps the word', () => {
    const out = redactText('GET /accounts/balances failed: header Authorization: Bearer 9dF3kQ-opaque_token.v2 was refused')
    expect(out).toBe('GET /accounts/balances failed: header Authorization: Bearer [redacted] was refused')
    expect(redactText('Authorization: Bearer   9dF3kQ-opaque')).toBe(`Authorization: Bearer ${REDACTED}`)
  })

  it('masks a JWT, even one with short parts and no signature', () => {
    // {"alg":"none"}.{"sub":"1"}. : too short for the three-long-parts rule, still a JWT.
    const unsigned = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.'
    expect(redactText(`the feed refused token ${unsigned} (expired)`)).toBe(`the feed refused token ${REDACTED} (expired)`)
    expect(redactText(`token=${JWT}&pair=BTC_USDT`)).toBe(`token=${REDACTED}&pair=BTC_USDT`)
  })

  it('masks another token of three long parts, and keeps host names and versions', () => {
    const opaque = 'v2-local_AAAAAAAAAAAAAAAAAAAAAA.QkJCQkJCQkJCQkJCQkJCQkJC.Q0NDQ0NDQ0NDQ0NDQ0NDQ0ND'
    expect(redactText(`session ${opaque} refused`)).toBe(`session ${REDACTED} refused`)
    const ordinary = 'GET https://api.example.com/api/v3/pairs 200 in 12 ms (v1.2.3)'
    expect(redactText(ordinary)).toBe(ordinary)
  })

  it('masks a 64-hex HMAC signature, and not shorter hex such as an order hash', () => {
    expect(redactText(`signature ${HMAC} did not match`)).toBe(`signature ${REDACTED} did not match`)
    const short = HMAC.slice(0, 40)
    expect(redactText(`commit ${short}`)).toBe(`commit ${short}`)
  })
})

describe('secret-named fields', () => {
  it('are masked whatever their value; fields that only mention a secret are kept', () => {
    const logger = createLogger({ dir })
    logger.info(`token ${JWT}`, {
      headers: { Authorization: `Bearer ${JWT}`, 'X-SIGN': HMAC },
      apiSecret: 'plain1',
      api_key: 'plain2',
      apiKey: 'plain3',
      access_token: 'plain4',
      accessToken: 'plain5',
      passphrase: 'plain6',
      profile: { secretStorage: 'keychain', apiKeyHint: 'abcd', hasSecret: true, host: 'api.example.com' },
    })
    const text = logText()
    for (const hidden of [JWT, HMAC, 'plain1', 'plain2', 'plain3', 'plain4', 'plain5', 'plain6']) expect(text).not.toContain(hidden)
    expect(JSON.parse(text).profile).toEqual({ secretStorage: 'keychain', apiKeyHint: 'abcd', hasSecret: true, host: 'api.example.com' })
  })

  it('with no value show as they are: the reader sees that none was set', () => {
    const logger = createLogger({ dir })
    logger.info('profile', { apiKey: null, token: '', password: undefined })
    expect(JSON.parse(logText())).toEqual(expect.objectContaining({ apiKey: null, token: '' }))
    expect(JSON.parse(logText())).not.toHaveProperty('password')
  })
})
