// Every script reads its command line through node:util's parseArgs (command-line.mjs): a typo in a
// flag stops the script with a message that names it, before it does any work.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CommandLineError, numberFlag, readCommandLine } from './command-line.mjs'

const options = { out: { type: 'string' }, check: { type: 'boolean' } } as const

function messageOf(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(CommandLineError)
    return (error as Error).message
  }
  throw new Error('expected a CommandLineError')
}

describe('readCommandLine', () => {
  it('reads --flag value, --flag=value and switches', () => {
    expect(readCommandLine(['--out', 'a.json', '--check'], options).values).toEqual({ out: 'a.json', check: true })
    expect(readCommandLine(['--out=b.json'], options).values).toEqual({ out: 'b.json' })
  })

  it.each([
    [['--chek'], "Unknown option '--chek'"],
    [['--out'], "Option '--out <value>' argument missing"],
    [['--check=yes'], "Option '--check' does not take an argument"],
    [['stray'], "Unexpected argument 'stray'"],
  ])('%j is refused with a message naming what is wrong', (argv, expected) => {
    const message = messageOf(() => readCommandLine(argv, options))
    expect(message).toContain(expected)
    // Node's advice about positional arguments after "--" does not apply to these scripts
    expect(message).not.toContain('To specify a positional argument')
  })

  it('says a value was probably forgotten when a flag is followed by another flag', () => {
    expect(messageOf(() => readCommandLine(['--out', '--check'], options))).toMatch(/'--out'.*ambiguous.*forget/)
  })
})

describe('numberFlag', () => {
  it('gives the number, or the fallback when the flag is absent', () => {
    expect(numberFlag({ runs: '7' }, 'runs', { whole: true, min: 1, max: 50 })).toBe(7)
    expect(numberFlag({ minutes: '0.5' }, 'minutes', { above: 0, max: 120 })).toBe(0.5)
    expect(numberFlag({}, 'minutes', { fallback: 10 })).toBe(10)
  })

  it.each([
    [{ runs: 'ten' }, 'runs', { whole: true, min: 1, max: 50 }, '--runs takes a whole number from 1 to 50, got "ten"'],
    [{ runs: '2.5' }, 'runs', { whole: true, min: 1, max: 50 }, '--runs takes a whole number from 1 to 50, got "2.5"'],
    [{ runs: '51' }, 'runs', { whole: true, min: 1, max: 50 }, '--runs takes a whole number from 1 to 50, got "51"'],
    [{ minutes: '0' }, 'minutes', { above: 0, max: 120 }, '--minutes takes a number above 0 and no more than 120, got "0"'],
    [{ rate: '' }, 'rate', { above: 0 }, '--rate takes a number above 0, got ""'],
    [{ rate: 'Infinity' }, 'rate', {}, '--rate takes a number, got "Infinity"'],
  ])('%j is refused: %s', (values, name, rule, expected) => {
    expect(messageOf(() => numberFlag(values, name, rule))).toBe(expected)
  })
})

describe('the scripts stop on a bad command line before doing anything', () => {
  const root = join(import.meta.dirname, '..', '..')
  const run = (script: string, args: string[]) => spawnSync(process.execPath, [join(root, 'scripts', script), ...args], { cwd: root, encoding: 'utf8', timeout: 15_000 })

  it.each([
    ['test.mjs', ['--onyl=lint'], "test: Unknown option '--onyl'"],
    ['test.mjs', ['--only=lnit'], 'test: --only: no step starts with "lnit"'],
    ['bench.mjs', ['--runs', '0'], 'bench: --runs takes a whole number from 1 to 50, got "0"'],
    ['soak.mjs', ['--minutes'], "soak: Option '--minutes <value>' argument missing"],
    ['system-deps.mjs', ['--chek'], "system-deps: Unknown option '--chek'"],
    ['ensure-built.mjs', ['--quite'], "ensure-built: Unknown option '--quite'"],
    ['mutate.mjs', ['--only', 'electron/core/nope.ts'], 'mutate: --only: electron/core/nope.ts is not a guarded file'],
  ])('%s %j exits 2 and says why', (script, args, expected) => {
    const result = run(script, args)
    expect(result.status).toBe(2)
    expect(result.stderr).toContain(expected)
    expect(result.stderr).toContain('usage:')
    // nothing ran: no step header of npm test, no build, no bench group
    expect(result.stdout).toBe('')
  })

  it('--help prints the usage on stdout and exits 0', () => {
    const result = run('test.mjs', ['--help'])
    expect(result.status).toBe(0)
    expect(result.stdout).toMatch(/^usage: npm test -- \[--only <step>,\.\.\.\].*unit tests/)
  })
})
