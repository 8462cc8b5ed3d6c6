// `journal` in-process against the demo exchange: a round trip made with two market orders is one
// trade (no planned stop: no R; its exit the order's kind), the notes the window keeps for the
// account are read with it, --tag filters, --csv prints the window's CSV; the flags are checked
// before anything is sent.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Decimal } from '../domain/decimal'
import type { JournalAnswer } from '../domain/api/journal-api'
import { startDemoExchange, type DemoExchange } from '../demo-exchange/server'
import { createExchangeClient } from '../core/exchange/client'
import { createJournalNotesStore } from '../core/storage/journal-notes-store'
import { EXIT, runCli } from './run'

let demo: DemoExchange
let dataDir: string
let start: number
beforeAll(async () => {
  demo = await startDemoExchange({ port: 0, seed: 5, live: false, historyDays: 1 })
  dataDir = mkdtempSync(join(tmpdir(), 'cli-journal-'))
  start = Date.now() - 1000
  // one round trip: a market buy for 500 USDT, then a market sell of what it put in the account
  const { apiKey, apiSecret } = demo.accounts[0]!
  const client = createExchangeClient({ baseUrl: demo.baseUrl, credentials: async () => ({ apiKey, apiSecret }) })
  await client.placeOrder({ pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '500', client_order_id: 'j-buy' })
  const fills = await client.accountTrades({ pair: 'BTC_USDT' })
  const bought = fills.reduce((sum, f) => sum.plus(f.amount).minus(f.fee_currency === 'BTC' ? (f.fee_amount ?? '0') : '0'), new Decimal(0))
  await client.placeOrder({
    pair: 'BTC_USDT',
    order_type: 'MARKET',
    order_side: 'SELL',
    wallet_type: 'SPOT',
    base_amount: bought.toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(),
    client_order_id: 'j-sell',
  })
})
afterAll(async () => {
  await demo.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const { apiKey, apiSecret } = demo.accounts[0]!
  const code = await runCli([...argv, '--base-url', demo.baseUrl], {
    env: { TERMINAL_API_KEY: apiKey, TERMINAL_API_SECRET: apiSecret, TERMINAL_DATA_DIR: dataDir },
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
  })
  return { code, stdout, stderr }
}

describe('the journal verb', () => {
  it('prints {trades, stats} with camelCase names; the account’s notes; --tag; --csv', async () => {
    const first = await cli(['journal', '--from', String(Math.floor(start / 1000))])
    expect(first.stderr).toBe('')
    expect(first.code).toBe(EXIT.ok)
    const journal = JSON.parse(first.stdout) as JournalAnswer
    expect(journal.trades).toHaveLength(1)
    const [trade] = journal.trades
    expect(trade).toMatchObject({ pair: 'BTC_USDT', side: 'BUY', r: null, rNote: 'no planned stop', exitReason: 'manual', incomplete: null, positionId: null, tags: [], note: '' })
    expect(Object.keys(trade!)).toEqual(expect.arrayContaining(['r', 'mae', 'mfe', 'maeR', 'mfeR', 'net', 'fees', 'entry', 'exit', 'durationMs']))
    expect(Object.keys(journal.stats)).toEqual(expect.arrayContaining(['count', 'winRate', 'expectancyR', 'profitFactor', 'maxDrawdown', 'averageMaeWinnersR']))
    expect(journal.stats.count).toBe(1)
    expect(journal.accountId).toBe(demo.accounts[0]!.id)

    // the notes are the account's, keyed by the exchange (the --base-url's origin) and the account id
    await createJournalNotesStore(dataDir).write(new URL(demo.baseUrl).origin, journal.accountId, trade!.id, { tags: ['scalp'], note: 'in, out' })
    const tagged = JSON.parse((await cli(['journal', '--from', String(Math.floor(start / 1000)), '--tag', 'scalp'])).stdout) as JournalAnswer
    expect(tagged.trades.map((t) => [t.tags, t.note])).toEqual([[['scalp'], 'in, out']])
    expect(JSON.parse((await cli(['journal', '--tag', 'swing'])).stdout).trades).toEqual([])

    const csv = await cli(['journal', '--from', String(Math.floor(start / 1000)), '--csv'])
    const lines = csv.stdout.split('\r\n')
    expect(lines[0]).toMatch(/^id,pair,wallet,side,opened_at,closed_at,/)
    expect(lines[1]).toContain(',manual,,,scalp,"in, out"')
  }, 30_000)

  it('refuses flags it cannot read before sending anything', async () => {
    for (const argv of [
      ['journal', '--tag', 'two words'],
      ['journal', '--side', 'UP'],
      ['journal', '--from', 'yesterday'],
    ]) {
      const out = await cli(argv)
      expect(out.code).toBe(EXIT.usage)
      expect(out.stdout).toBe('')
    }
  })
})
