// `cancel-all` in-process against the demo exchange: each account's orders cancelled with its own key,
// the result per account, and the exit code of the worst.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoExchange, type DemoExchange } from '../demo-exchange/server'
import type { CancelAllOutcome } from '../domain/portfolio/all-accounts'
import { EXIT, runCli, type CliIo } from './run'

let demo: DemoExchange
beforeAll(async () => {
  demo = await startDemoExchange({ port: 0, seed: 13, live: false, historyDays: 1 })
})
afterAll(async () => {
  await demo.close()
})

async function cli(argv: string[], index = 0, io: Partial<CliIo> = {}) {
  let stdout = ''
  let stderr = ''
  const account = demo.accounts[index]!
  const code = await runCli(argv, {
    env: { TERMINAL_API_KEY: account.apiKey, TERMINAL_API_SECRET: account.apiSecret },
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    sleep: async () => {},
    ...io,
  })
  return { code, json: stdout ? (JSON.parse(stdout) as unknown) : null, stderr }
}
const url = () => ['--base-url', demo.baseUrl]

/** A limit buy at half the last price, by account `index`: it rests. */
async function rest(index: number): Promise<number> {
  const [ticker] = (await cli(['ticker', '--pair', 'BTC_USDT', ...url()])).json as { last: string }[]
  const price = (Math.floor(Number(ticker!.last) * 50) / 100).toFixed(2)
  const run = await cli(['place-order', '--pair', 'BTC_USDT', '--type', 'LIMIT', '--side', 'BUY', '--base-amount', '0.001', '--limit-price', price, ...url()], index)
  return (run.json as { orderIds: number[] }).orderIds[0]!
}
const open = async (index: number) => ((await cli(['orders', ...url()], index)).json as { id: number; status: string }[]).filter((o) => o.status === 'OPEN').map((o) => o.id)
const results = (json: unknown) => (json as CancelAllOutcome[]).map((o) => [o.account.id, o.result])

describe('npm run cli -- cancel-all', () => {
  it('one account: its orders cancelled and read back, exit 0', async () => {
    await rest(0)
    await rest(0)
    const run = await cli(['cancel-all', '--accounts', String(demo.accounts[0]!.id), ...url()])
    expect(run.code).toBe(EXIT.ok)
    expect(run.json).toEqual([expect.objectContaining({ result: 'cancelled', before: 2, remaining: 0 })])
    expect(await open(0)).toEqual([])
  })

  it('all: a master key cancels its own, and names the sub-accounts it holds no key for (exit 2)', async () => {
    await rest(0)
    const run = await cli(['cancel-all', '--accounts', 'all', ...url()])
    expect(results(run.json)).toEqual([
      [demo.accounts[0]!.id, 'cancelled'],
      [demo.accounts[1]!.id, 'no-key'],
      [demo.accounts[2]!.id, 'no-key'],
    ])
    expect(run.code).toBe(EXIT.rejectedLocally)
  })

  it('--profiles all: each account through its own profile’s key', async () => {
    await rest(0)
    const mine = await rest(1)
    const keys: Record<string, number> = { Master: 0, 'Sub one': 1 }
    const io: Partial<CliIo> = {
      profileNames: async () => Object.keys(keys),
      resolveProfile: async (name) => ({ baseUrl: demo.baseUrl, credentials: { apiKey: demo.accounts[keys[name]!]!.apiKey, apiSecret: demo.accounts[keys[name]!]!.apiSecret } }),
    }
    const run = await cli(['cancel-all', '--accounts', `${demo.accounts[0]!.id},${demo.accounts[1]!.id}`, '--profiles', 'all'], 0, io)
    expect(run.code).toBe(EXIT.ok)
    expect(results(run.json)).toEqual([
      [demo.accounts[0]!.id, 'cancelled'],
      [demo.accounts[1]!.id, 'cancelled'],
    ])
    expect(await open(1)).not.toContain(mine)
  })

  it('an account no key sees: refused before anything is cancelled', async () => {
    const kept = await rest(0)
    const run = await cli(['cancel-all', '--accounts', '999999', ...url()])
    expect(run.code).toBe(EXIT.usage)
    expect(run.stderr).toContain('No key given sees account 999999')
    expect(await open(0)).toContain(kept)
    const bad = await cli(['cancel-all', '--accounts', 'one,two', ...url()])
    expect(bad.code).toBe(EXIT.usage)
  })
})
