// The log file: one JSON line per entry, private to the user, levels, errors and odd fields written
// readably, and rotation by size, also across restarts. What it masks is logger.redact.test.ts.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TerminalError } from '../../domain/errors'
import { createLogger } from './logger'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'logger-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const logFile = (base = dir) => join(base, 'logs', 'terminal.log')
const lines = (path = logFile()) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
const logNames = () => readdirSync(join(dir, 'logs')).sort()
const at = () => new Date('2026-01-01T00:00:00Z')

describe('createLogger', () => {
  it('writes one JSON line per entry to <dataDir>/logs/terminal.log, private to the user', () => {
    const logger = createLogger({ dir, now: at })
    logger.info('started', { pid: 42 })
    logger.warn('slow answer', { ms: 1500 })
    expect(logger.file).toBe(logFile())
    expect(lines()).toEqual([
      { time: '2026-01-01T00:00:00.000Z', level: 'info', msg: 'started', pid: 42 },
      { time: '2026-01-01T00:00:00.000Z', level: 'warn', msg: 'slow answer', ms: 1500 },
    ])
    if (process.platform !== 'win32') {
      expect(statSync(logFile()).mode & 0o777).toBe(0o600)
      expect(statSync(join(dir, 'logs')).mode & 0o777).toBe(0o700)
    }
  })

  it('creates a data directory that does not exist yet', () => {
    const nested = join(dir, 'new', 'data')
    createLogger({ dir: nested }).info('first start')
    expect(lines(logFile(nested)).map((l) => l.msg)).toEqual(['first start'])
  })

  it('writes info and above by default, and each entry under its own level', () => {
    createLogger({ dir }).debug('chatter')
    const logger = createLogger({ dir, level: 'debug' })
    logger.debug('d')
    logger.info('i')
    logger.warn('w')
    logger.error('e')
    expect(lines().map((l) => [l.level, l.msg])).toEqual([
      ['debug', 'd'],
      ['info', 'i'],
      ['warn', 'w'],
      ['error', 'e'],
    ])
  })

  it('drops entries below the level', () => {
    const logger = createLogger({ dir, level: 'warn' })
    logger.debug('d')
    logger.info('i')
    logger.error('e')
    expect(lines().map((l) => l.msg)).toEqual(['e'])
  })

  it('writes an error as its readable parts, and a big integer as its digits', () => {
    const logger = createLogger({ dir })
    logger.error('failed', {
      error: new TerminalError({ kind: 'rejected', code: 'INVALID_QUANTITY', message: 'Amount too small', status: 400, field: 'base_amount' }),
      plain: new Error('socket hang up'),
      orderId: 12345678901234567890n,
    })
    expect(lines()[0]).toMatchObject({
      error: { name: 'TerminalError', message: 'Amount too small', kind: 'rejected', code: 'INVALID_QUANTITY', status: 400, field: 'base_amount' },
      plain: { name: 'Error', message: 'socket hang up' },
      orderId: '12345678901234567890',
    })
    expect(lines()[0]!.plain).toEqual({ name: 'Error', message: 'socket hang up' })
  })

  it('keeps the message when a field cannot be written', () => {
    const circular: Record<string, unknown> = {}
    circular.self = circular
    createLogger({ dir, now: at }).warn('odd field', { circular })
    expect(lines()).toEqual([{ time: '2026-01-01T00:00:00.000Z', level: 'warn', msg: 'odd field', fields: '[unserialisable]' }])
  })

  it('keeps going quietly when the log cannot be written', () => {
    const seen: string[] = []
    const logger = createLogger({ dir: join(dir, 'missing\0bad'), sink: (line) => seen.push(line) })
    expect(() => logger.error('still here')).not.toThrow()
    expect(seen).toHaveLength(1)
  })

  it('stops trying after a failed write, rather than failing again on every line', () => {
    writeFileSync(join(dir, 'logs'), 'a file where the log directory should be')
    const logger = createLogger({ dir })
    logger.info('lost')
    rmSync(join(dir, 'logs'))
    mkdirSync(join(dir, 'logs'))
    logger.info('not tried')
    expect(existsSync(logFile())).toBe(false)
  })

  it('writes nothing to disk without a directory', () => {
    const logger = createLogger({})
    logger.info('hello')
    expect(logger.file).toBeNull()
    expect(existsSync(join(dir, 'logs'))).toBe(false)
  })
})

describe('rotation', () => {
  it('rotates at the size limit and keeps three old files by default', () => {
    const logger = createLogger({ dir, maxBytes: 1000 })
    for (let i = 0; i < 100; i++) logger.info('x'.repeat(80), { i })
    const files = logNames()
    expect(files).toEqual(['terminal.log', 'terminal.log.1', 'terminal.log.2', 'terminal.log.3'])
    for (const name of files) expect(statSync(join(dir, 'logs', name)).size).toBeLessThanOrEqual(1000)
    // The newest entry is in terminal.log, the ones just before it in .1.
    expect(lines().at(-1)).toMatchObject({ i: 99 })
    const previous = lines(join(dir, 'logs', 'terminal.log.1'))
    expect(previous.at(-1)!.i).toBe((lines()[0]!.i as number) - 1)
  })

  it('keeps the given number of old files', () => {
    const logger = createLogger({ dir, maxBytes: 300, keep: 1 })
    for (let i = 0; i < 20; i++) logger.info('y'.repeat(80))
    expect(logNames()).toEqual(['terminal.log', 'terminal.log.1'])
  })

  it('fills a file to exactly its limit, newline included, and not a byte past it', () => {
    const size = `${JSON.stringify({ time: at().toISOString(), level: 'info', msg: 'same' })}\n`.length
    const exact = createLogger({ dir, now: at, maxBytes: 3 * size })
    for (let i = 0; i < 3; i++) exact.info('same')
    expect(logNames()).toEqual(['terminal.log'])
    expect(statSync(logFile()).size).toBe(3 * size)
    rmSync(join(dir, 'logs'), { recursive: true })
    const short = createLogger({ dir, now: at, maxBytes: 3 * size - 1 })
    for (let i = 0; i < 3; i++) short.info('same')
    expect(statSync(logFile()).size).toBe(size)
    expect(statSync(`${logFile()}.1`).size).toBe(2 * size)
  })

  it('writes a line longer than the limit into an empty log, without rotating the empty file out', () => {
    const logger = createLogger({ dir, maxBytes: 50 })
    logger.info('z'.repeat(200))
    expect(logNames()).toEqual(['terminal.log'])
  })

  it('counts what an earlier run wrote: a log near its limit rotates at the first line after a restart', () => {
    createLogger({ dir, maxBytes: 400 }).info('x'.repeat(300))
    createLogger({ dir, maxBytes: 400 }).info('after the restart')
    expect(logNames()).toEqual(['terminal.log', 'terminal.log.1'])
    expect(lines().map((l) => l.msg)).toEqual(['after the restart'])
  })
})
