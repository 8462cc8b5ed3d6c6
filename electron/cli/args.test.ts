// The CLI's command line (node:util parseArgs underneath): every mistake is a usage error (exit 1)
// that names the flag, nothing is sent, and a bare argument is never repeated back (it might be a
// pasted secret). A fetch that fails the test proves no request is made.
import { describe, expect, it } from 'vitest'
import { parseArgs } from './args'
import { parseProfileArgs } from './profiles'
import { EXIT, runCli } from './run'

async function cli(argv: string[]): Promise<{ code: number; stdout: string; message: string }> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, {
    env: {},
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    fetch: async () => {
      throw new Error('a usage error must send nothing')
    },
  })
  const message = stderr.trim().startsWith('{') ? String((JSON.parse(stderr) as { error: { message: unknown } }).error.message) : stderr
  return { code, stdout, message }
}

const url = ['--base-url', 'http://127.0.0.1:9/api/v3']

describe('usage errors name the flag and exit 1', () => {
  it.each([
    [['trades', '--pari', 'BTC_USDT', ...url], 'Unknown flag --pari. Run with --help for the list.'],
    [['trades', '-p', 'BTC_USDT', ...url], 'Unknown flag -p. Run with --help for the list.'],
    [['trades', ...url, '--pair'], '--pair needs a value.'],
    [['trades', '--pair', '--limit', '5', ...url], '--pair needs a value.'],
    [['accounts', '--include-subaccounts=yes', ...url], '--include-subaccounts takes no value.'],
    [['trades', '--pair', 'BTC_USDT', '--pair=ETH_USDT', ...url], '--pair is given twice.'],
    [['trades', '--pair', 'BTC_USDT', '--limit', 'ten', ...url], '--limit must be a whole number, got "ten".'],
    [['trades', '--pair', 'BTC_USDT', '--limit', '0', ...url], '--limit must be between 1 and 9007199254740991, got 0.'],
    [['candles', '--pair', 'BTC_USDT', '--interval', '1', '--timeout-ms', '1.5', ...url], '--timeout-ms must be a whole number, got "1.5".'],
    [['balances', '--limit-price', '3', ...url], '--limit-price does not apply to balances.'],
    [['blances', ...url], 'Unknown verb "blances". Run with --help for the list.'],
    [[...url, 'profiles', 'list'], '--base-url does not apply to profiles.'],
  ])('%j', async (argv, expected) => {
    const run = await cli(argv)
    expect(run.code).toBe(EXIT.usage)
    expect(run.message).toBe(expected)
    expect(run.stdout).toBe('')
  })

  it('a stray argument is refused without being repeated', async () => {
    const run = await cli(['balances', 'pasted-secret-0123456789', ...url])
    expect(run.code).toBe(EXIT.usage)
    expect(run.message).toBe('balances: unexpected argument; values follow their --flag.')
    expect(run.message).not.toContain('pasted-secret')
  })

  it('an unknown flag with a value is named without its value', async () => {
    const run = await cli(['balances', '--pasword=hunter2-secret', ...url])
    expect(run.message).toBe('Unknown flag --pasword. Run with --help for the list.')
  })

  it('-h and help print the usage and exit 0; with a verb, also the flags it accepts', async () => {
    for (const argv of [['-h'], ['help'], ['trades', '-h'], ['help', 'trades']]) {
      const run = await cli(argv)
      expect(run.code).toBe(EXIT.ok)
      expect(run.stdout).toContain('Usage: npm run cli -- <verb> [--flags]')
      if (argv.includes('trades')) expect(run.stdout).toContain('trades accepts: --base-url --profile --timeout-ms --help --pair --limit')
    }
  })
})

describe('what is accepted', () => {
  it('reads --flag value and --flag=value, flags before or after the verb', () => {
    expect(parseArgs(['--pair', 'BTC_USDT', 'trades', '--limit=5', '--base-url=http://h/api/v3'])).toEqual({
      verb: 'trades',
      flags: { pair: 'BTC_USDT', limit: '5', 'base-url': 'http://h/api/v3' },
      rest: [],
    })
  })

  it('passes a negative amount to the order rules, which reject it with the field (exit 2, not a usage error)', () => {
    expect(parseArgs(['validate-order', '--base-amount', '-1']).flags['base-amount']).toBe('-1')
  })

  it('hands everything after profiles to the profiles command, refusing a secret flag there too', () => {
    expect(parseArgs(['profiles', 'add', '--name', 'Main', '--offline'])).toEqual({ verb: 'profiles', flags: {}, rest: ['add', '--name', 'Main', '--offline'] })
    expect(() => parseArgs(['profiles', 'add', '--api-secret=abc'])).toThrow(/TERMINAL_API_SECRET/)
  })
})

describe('profiles flags', () => {
  it("reads each subcommand's flags", () => {
    expect(parseProfileArgs(['add', '--name', 'Main', '--base-url=http://h/api/v3', '--offline'])).toEqual({
      sub: 'add',
      values: { name: 'Main', 'base-url': 'http://h/api/v3' },
      offline: true,
      newKey: false,
    })
    expect(parseProfileArgs([])).toEqual({ sub: 'list', values: {}, offline: false, newKey: false })
    expect(parseProfileArgs(['update', '--name', 'Main', '--rename', 'Spot', '--new-key'])).toEqual({ sub: 'update', values: { name: 'Main', rename: 'Spot' }, offline: false, newKey: true })
  })

  it.each([
    [['remove', '--offline'], '--offline does not apply to profiles remove. It accepts --name --id.'],
    [['list', '--name', 'x'], '--name does not apply to profiles list.'],
    [['add', '--offline=yes'], '--offline takes no value.'],
    [['test', '--name'], '--name needs a value.'],
    [['add', '--name', 'A', '--name', 'B'], '--name is given twice.'],
    [['add', '--nmae', 'A'], 'Unknown flag --nmae. Run with --help for the list.'],
    [['add', '--name', 'A', 'pasted-secret-value'], 'profiles add: unexpected argument; values follow their --flag.'],
    [['rename'], 'profiles needs one of: list, add, update, remove, test. Run with --help for the flags.'],
  ])('%j: %s', (argv, expected) => {
    expect(() => parseProfileArgs(argv)).toThrow(expected)
  })
})
