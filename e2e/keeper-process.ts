// The keeper of protected positions as the CLI runs it, headless, so a spec can kill it:
// `node out/main/cli.js keeper --profile NAME` with TERMINAL_DATA_DIR set, its JSON lines read as
// they come. Plus the CLI's other verbs (a profile added from the environment's key, `protect`,
// `positions`) and the exchange's own view of a position's orders — the witness of what was sent,
// whatever the terminal believes: no client_order_id twice, nothing sold beyond what was bought,
// the resting exits never more than what is held.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import Decimal from 'decimal.js'
import { expect } from '@playwright/test'
import { createExchangeClient } from '../electron/core/exchange/client'
import { LIVE_ORDER_STATUSES, type OrderRecord } from '../electron/domain/wire/wire'
import type { AdminDemo } from './demo-process'

/** What `positions` and the keeper's lines show of a position (electron/cli/positions-verbs.ts positionView). */
export interface PositionView {
  id: string
  state: string
  protection: string
  closedBy: string | null
  filled: string
  exited: string
  stop: { price: string } | null
  targets: { price: string; sharePercent: string; state: string }[]
  attention: { reason: string; price: string } | null
  legs: { role: string; clientOrderId: string; orderId: string | null; amount: string; filled: string; status: string }[]
}

/** One data directory with a profile on the demo's master account; every CLI run of a test uses it. */
export interface CliStage {
  demo: AdminDemo
  dataDir: string
  profile: string
  remove(): void
}

const cliEnv = (stage: Pick<CliStage, 'dataDir'>, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ ...process.env, TERMINAL_DATA_DIR: stage.dataDir, ...extra })

/** Runs one CLI verb to its end; its JSON answer (the exit code must be 0). */
export async function cli<T>(stage: Pick<CliStage, 'dataDir'>, args: string[], env: NodeJS.ProcessEnv = {}): Promise<T> {
  const child = spawn(process.execPath, ['out/main/cli.js', ...args], { env: cliEnv(stage, env), stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr.on('data', (c: Buffer) => (err += c.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`cli ${args.join(' ')} exited ${code}: ${err}${out}`)
  return JSON.parse(out) as T
}

/** A fresh data directory and a profile "Keeper" on the demo's master account (the key from the environment, as a person adds it). */
export async function stageFor(demo: AdminDemo): Promise<CliStage> {
  const dataDir = mkdtempSync(join(tmpdir(), 'terminal-keeper-'))
  const master = demo.accounts.find((a) => a.parentId === null)!
  await cli({ dataDir }, ['profiles', 'add', '--name', 'Keeper', '--base-url', demo.baseUrl], { TERMINAL_API_KEY: master.apiKey, TERMINAL_API_SECRET: master.apiSecret })
  return { demo, dataDir, profile: 'Keeper', remove: () => rmSync(dataDir, { recursive: true, force: true }) }
}

/** `positions` as a trader reads it. */
export const positionsOf = (stage: CliStage): Promise<PositionView[]> => cli<PositionView[]>(stage, ['positions', '--profile', stage.profile])

export interface KeeperProcess {
  process: ChildProcess
  /** Whether it took the lock (its first line). */
  acting: boolean
  /** The positions file it keeps (its lock is `<file>.lock`). */
  file: string
  /** Every `positions.changed` line so far. */
  changes: PositionView[][]
  /** Resolves once a keeper that waited for the lock says it took over (and reconciled). */
  tookOver: Promise<void>
  /** Resolves with position `id` (any, for '') once the last line shows it as `test` accepts. */
  waitFor(id: string, test: (p: PositionView) => boolean, timeoutMs?: number): Promise<PositionView>
  /** SIGKILL: no clean-up, the lock left behind. */
  kill(): Promise<void>
  /** SIGTERM: lets go of the lock. */
  stop(): Promise<void>
}

/** Starts `keeper --profile` and waits for its first line (acting or not). */
export async function startKeeper(stage: CliStage, flags: string[] = []): Promise<KeeperProcess> {
  const child = spawn(process.execPath, ['out/main/cli.js', 'keeper', '--profile', stage.profile, ...flags], { env: cliEnv(stage), stdio: ['ignore', 'pipe', 'pipe'] })
  let err = ''
  child.stderr.on('data', (c: Buffer) => (err += c.toString()))
  const changes: PositionView[][] = []
  const waiters = new Set<() => void>()
  let tookOver: () => void = () => undefined
  const took = new Promise<void>((resolve) => (tookOver = resolve))
  let first: (line: { acting: boolean; file: string }) => void = () => undefined
  const started = new Promise<{ acting: boolean; file: string }>((resolve, reject) => {
    first = resolve
    setTimeout(() => reject(new Error(`keeper did not start in 20 s: ${err}`)), 20_000).unref()
  })
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith('{"event"')) return
    const value = JSON.parse(line) as { event: string; acting?: boolean; file?: string; tookOver?: boolean; positions?: PositionView[] }
    if (value.event === 'keeper' && value.tookOver === true) tookOver()
    else if (value.event === 'keeper') first({ acting: value.acting === true, file: value.file ?? '' })
    if (value.event === 'positions.changed') changes.push(value.positions!)
    for (const wake of waiters) wake()
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  return {
    process: child,
    ...(await started),
    changes,
    tookOver: took,
    waitFor(id, test, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = changes.at(-1)?.find((p) => (id === '' || p.id === id) && test(p))
          if (found) {
            waiters.delete(look)
            clearTimeout(timer)
            resolve(found)
          }
        }
        const timer = setTimeout(() => {
          waiters.delete(look)
          reject(new Error(`keeper: position ${id} not as expected within ${timeoutMs} ms; last: ${JSON.stringify(changes.at(-1)?.find((p) => p.id === id))}\n${err}`))
        }, timeoutMs)
        waiters.add(look)
        look()
      })
    },
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  }
}

/** When the lock on a positions file was last taken or refreshed (ms), or null when nobody holds it. */
export function lockTouchedAt(file: string): number | null {
  try {
    return statSync(`${file}.lock`).mtimeMs
  } catch {
    return null
  }
}

/** A position's orders as the exchange holds them (by the client_order_ids the keeper gives: `<id>-<n>`). */
export async function exchangeOrdersOf(demo: AdminDemo, pair: string, positionId: string): Promise<OrderRecord[]> {
  const master = demo.accounts.find((a) => a.parentId === null)!
  const client = createExchangeClient({ baseUrl: demo.baseUrl, credentials: async () => ({ apiKey: master.apiKey, apiSecret: master.apiSecret }) })
  const records = await client.recentOrders(undefined, { pair })
  return records.filter((r) => r.client_order_id?.startsWith(`${positionId}-`))
}

/**
 * What the exchange says of a position's orders, checked: each client_order_id once; sold no more than
 * bought; the resting sells no more than what is held. Answers the figures for the test to compare.
 */
export async function expectExchangeSane(demo: AdminDemo, pair: string, positionId: string) {
  const orders = await exchangeOrdersOf(demo, pair, positionId)
  const ids = orders.map((o) => o.client_order_id)
  expect(new Set(ids).size, `each client_order_id once on the exchange: ${ids.join(', ')}`).toBe(ids.length)
  const sum = (list: OrderRecord[], of: (o: OrderRecord) => string) => list.reduce((s, o) => s.plus(of(o)), new Decimal(0))
  const filledOf = (o: OrderRecord) => String(o.amount_filled ?? '0')
  const bought = sum(
    orders.filter((o) => o.side.toUpperCase().startsWith('B')),
    filledOf,
  )
  const sells = orders.filter((o) => !o.side.toUpperCase().startsWith('B'))
  const sold = sum(sells, filledOf)
  const live = sells.filter((o) => LIVE_ORDER_STATUSES.includes(o.status))
  const resting = sum(live, (o) => new Decimal(String(o.amount)).minus(filledOf(o)).toFixed())
  expect(sold.lte(bought), `sold ${sold} ≤ bought ${bought}`).toBe(true)
  expect(resting.lte(bought.minus(sold)), `resting exits ${resting} ≤ held ${bought.minus(sold)}`).toBe(true)
  return { orders, bought: bought.toFixed(), sold: sold.toFixed(), resting: resting.toFixed(), live }
}

/** The pair's last trade price, from the exchange's public ticker. */
export async function lastPrice(demo: AdminDemo, pair: string): Promise<Decimal> {
  const res = await fetch(`${demo.baseUrl}/ticker?pair=${pair}`)
  return new Decimal(((await res.json()) as { last: string | number }).last)
}

/** The price a LIMIT buy of `amount` must offer to fill at once: the ask level where the book's asks reach that amount. */
export async function priceToBuy(demo: AdminDemo, pair: string, amount: string): Promise<Decimal> {
  const res = await fetch(`${demo.baseUrl}/orderbook?pair=${pair}&limit_sell=1000&limit_buy=0`)
  const asks = ((await res.json()) as { sell: { amount: string | number; price: string | number }[] }).sell
  let total = new Decimal(0)
  for (const level of asks) {
    total = total.plus(String(level.amount))
    if (total.gte(amount)) return new Decimal(String(level.price))
  }
  throw new Error(`the book's asks do not hold ${amount}`)
}

/** The pair the position specs trade. */
export const PAIR = 'BTC_USDT'

/**
 * What a buy of 0.01 BTC puts in the demo's master account: the demo, as the exchange does by
 * default, keeps its fee in the coins bought (the master's BTC_USDT rule: 0.1 % taker, 0.05 % maker;
 * the keeper keeps back the larger), so a position's exits sell 0.00999, and a target of half 0.004995.
 */
export const RECEIVED = '0.00999'
export const HALF_RECEIVED = '0.004995'

/** A position's legs of one role (and status). */
export const legs = (p: PositionView, role: string, status?: string) => p.legs.filter((l) => l.role === role && (status === undefined || l.status === status))

/** A LIMIT buy of 0.01 just above the market (it fills at once), a stop 600 under, one target 600 over for half. */
export function levels(last: Decimal) {
  const entry = last.times('1.002').toDecimalPlaces(0, Decimal.ROUND_UP)
  return { entry, stop: entry.minus(600), target: entry.plus(600) }
}

export const protectArgs = (l: ReturnType<typeof levels>) => [
  'protect',
  '--profile',
  'Keeper',
  '--pair',
  PAIR,
  '--side',
  'BUY',
  '--entry-price',
  l.entry.toFixed(),
  '--amount',
  '0.01',
  '--stop-loss',
  l.stop.toFixed(),
  '--take-profit',
  `${l.target.toFixed()}:50`,
]
