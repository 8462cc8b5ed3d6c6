import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TerminalError } from '../domain/errors'
import { REDACTED, createLogger, redactText } from './logger'

const SECRET = 'sEcReT-9f8e7d6c5b4a"\\/+=&'
const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwiZXhwIjoxNzAwMDAwMDAwfQ.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
const HMAC = 'a3f5c9e1b7d2468f0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'logger-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const logFile = () => join(dir, 'logs', 'terminal.log')
const lines = (path = logFile()) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)

describe('createLogger', () => {
  it('writes one JSON line per entry to <dataDir>/logs/terminal.log, private to the user', () => {
    const logger = createLogger({ dir, now: () => new Date('2026-01-01T00:00:00Z') })
    logger.info('started', { pid: 42 })
    logger.warn('slow answer', { ms: 1500 })
    expect(logger.file).toBe(logFile())
    expect(lines()).toEqual([
      { time: '2026-01-01T00:00:00.000Z', level: 'info', msg: 'started', pid: 42 },
      { time: '2026-01-01T00:00:00.000Z', level: 'warn', msg: 'slow answer', ms: 1500 },
    ])
    if (process.platform !== 'win32') expect(statSync(logFile()).mode & 0o777).toBe(0o600)
  })

  it('drops entries below the level', () => {
    const logger = createLogger({ dir, level: 'warn' })
    logger.debug('d')
    logger.info('i')
    logger.error('e')
    expect(lines().map((l) => l.msg)).toEqual(['e'])
  })

  it('never writes a registered secret, wherever it hides', () => {
    const seen: string[] = []
    const logger = createLogger({ dir, sink: (line) => seen.push(line) })
    logger.registerSecret(SECRET)
    logger.info(`auth with ${SECRET}`)
    logger.info('request', { body: { api_key: 'k', note: SECRET }, url: `https://x/?s=${encodeURIComponent(SECRET)}` })
    logger.error('failed', { error: new TerminalError({ kind: 'auth', code: 'AUTH', message: `bad secret ${SECRET}` }) })
    const text = readFileSync(logFile(), 'utf8')
    expect(text).not.toContain(SECRET)
    expect(text).not.toContain(JSON.stringify(SECRET).slice(1, -1))
    expect(text).not.toContain(encodeURIComponent(SECRET))
    expect(text.split(REDACTED).length - 1).toBeGreaterThanOrEqual(4)
    expect(seen.join('\n')).not.toContain(SECRET)
    // The error keeps the parts that help: kind and code.
    expect(lines()[2]).toMatchObject({ error: { kind: 'auth', code: 'AUTH' } })
  })

  it('masks JWTs, bearer tokens, HMAC signatures and secret-named fields without being told', () => {
    const logger = createLogger({ dir })
    logger.info(`token ${JWT}`, { headers: { Authorization: `Bearer ${JWT}`, 'X-SIGN': HMAC }, apiSecret: 'plain', host: 'api.example.com' })
    const text = readFileSync(logFile(), 'utf8')
    expect(text).not.toContain(JWT)
    expect(text).not.toContain(HMAC)
    expect(text).not.toContain('plain')
    expect(text).toContain('api.example.com')
  })

  it('rotates at the size limit and keeps the given number of old files', () => {
    const logger = createLogger({ dir, maxBytes: 1000, keep: 3 })
    for (let i = 0; i < 100; i++) logger.info('x'.repeat(80), { i })
    const files = readdirSync(join(dir, 'logs')).sort()
    expect(files).toEqual(['terminal.log', 'terminal.log.1', 'terminal.log.2', 'terminal.log.3'])
    for (const name of files) expect(statSync(join(dir, 'logs', name)).size).toBeLessThanOrEqual(1000)
    // The newest entry is in terminal.log, the ones just before it in .1.
    expect(lines().at(-1)).toMatchObject({ i: 99 })
    const previous = lines(join(dir, 'logs', 'terminal.log.1'))
    expect(previous.at(-1)!.i).toBe((lines()[0]!.i as number) - 1)
  })

  it('keeps going quietly when the log cannot be written', () => {
    const seen: string[] = []
    const logger = createLogger({ dir: join(dir, 'missing\0bad'), sink: (line) => seen.push(line) })
    expect(() => logger.error('still here')).not.toThrow()
    expect(seen).toHaveLength(1)
  })

  it('writes nothing to disk without a directory', () => {
    const logger = createLogger({})
    logger.info('hello')
    expect(logger.file).toBeNull()
    expect(existsSync(join(dir, 'logs'))).toBe(false)
  })
})

describe('redactText', () => {
  // Each pattern alone, in free text (no secret-named field around it): what an error message or a
  // URL written into a log line looks like. None of these is a registered secret.
  it('masks an opaque bearer token after "Bearer", and keeps the word', () => {
    const out = redactText('GET /accounts/balances failed: header Authorization: Bearer 9dF3kQ-opaque_token.v2 was refused')
    expect(out).not.toContain('9dF3kQ-opaque_token.v2')
    expect(out).toBe(`GET /accounts/balances failed: header Authorization: Bearer ${REDACTED} was refused`)
  })

  it('masks a JWT, even one with short parts and no signature', () => {
    // {"alg":"none"}.{"sub":"1"}. : too short for the three-long-parts rule, still a JWT.
    const unsigned = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.'
    expect(redactText(`the feed refused token ${unsigned} (expired)`)).toBe(`the feed refused token ${REDACTED} (expired)`)
    expect(redactText(`token=${JWT}&pair=BTC_USDT`)).toBe(`token=${REDACTED}&pair=BTC_USDT`)
  })

  it('masks a 64-hex HMAC signature, and not shorter hex such as an order hash', () => {
    expect(redactText(`signature ${HMAC} did not match`)).toBe(`signature ${REDACTED} did not match`)
    const short = HMAC.slice(0, 40)
    expect(redactText(`commit ${short}`)).toBe(`commit ${short}`)
  })

  it('leaves ordinary text alone', () => {
    const text = 'GET https://api.example.com/api/v3/pairs 200 in 12 ms (v1.2.3)'
    expect(redactText(text)).toBe(text)
  })

  it('ignores secrets too short to mask safely', () => {
    expect(redactText('a b c', ['a'])).toBe('a b c')
  })
})
