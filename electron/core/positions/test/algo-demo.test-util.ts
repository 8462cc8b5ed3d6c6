// The execution algorithms' keeper tests on the in-process demo exchange: a keeper on a data
// directory whose clock the test moves (TWAP's slots), every order it sends noted, and what the
// exchange's own records say of one algorithm's orders — what they filled and what rests — to check
// the guarantees against.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Decimal } from '../../../domain/decimal'
import { isTerminalError } from '../../../domain/errors'
import type { Algo, AlgoPlan, AlgoSpec } from '../../../domain/algos/types'
import { RULES } from '../../../domain/test/algo-plan.test-util'
import type { OrderRecord } from '../../../domain/wire/wire'
import type { ExchangeClient } from '../../exchange/client'
import { createOrderDesk } from '../../orders/order-desk'
import type { RiskGate } from '../../orders/risk-gate'
import { createKeeper, type Keeper } from '../keeper'
import { createPositionStore } from '../position-store'

const LIVE = ['PENDING', 'OPEN', 'PARTIAL_FILLED']

/** What the exchange's records say of one algorithm's orders (its client_order_ids `<id>-<n>`). */
export interface AlgoLedger {
  records: OrderRecord[]
  filled: Decimal
  /** Its orders still live at the exchange, and what they may still fill. */
  live: OrderRecord[]
  resting: Decimal
}

export function algoLedgerOf(records: readonly OrderRecord[], id: string): AlgoLedger {
  const mine = records.filter((r) => r.client_order_id?.startsWith(`${id}-`))
  const live = mine.filter((r) => LIVE.includes(r.status))
  return {
    records: mine,
    filled: mine.reduce((s, r) => s.plus(r.amount_filled ?? '0'), new Decimal(0)),
    live,
    resting: live.reduce((s, r) => s.plus(new Decimal(r.amount).minus(r.amount_filled ?? '0')), new Decimal(0)),
  }
}

/** An algorithm's plan on the demo's BTC_USDT. */
export const demoAlgoPlan = (id: string, spec: AlgoSpec, amount: string, side: 'BUY' | 'SELL', startAt: number): AlgoPlan => ({ id, side, amount, spec, rules: RULES, startAt, seed: 11 })

/** One keeper after another on one data directory, on the test's clock; every order it sends noted, and every answer lost. */
export class AlgoKeeperRun {
  dir = mkdtempSync(join(tmpdir(), 'keeper-algos-'))
  readonly sent: string[] = []
  readonly lost: string[] = []
  /** Every state the keeper saved of the algorithm `watch`. */
  readonly saved: Algo[] = []
  /** The keeper's time (ms); null: the real clock. */
  clock: number | null
  keeper: Keeper | null = null
  readonly wire: ExchangeClient
  /** Called with every order body just before it goes to the exchange: a test reads the exchange's records as they are then. */
  beforePlace: ((body: { client_order_id?: string | undefined; base_amount?: string | undefined }) => Promise<void>) | null = null

  constructor(
    readonly client: ExchangeClient,
    readonly watch: string,
    start: number,
    readonly riskGate?: RiskGate,
  ) {
    this.clock = start
    this.wire = {
      ...client,
      placeOrder: async (body, options) => {
        await this.beforePlace?.(body)
        this.sent.push(body.client_order_id ?? '')
        return client.placeOrder(body, options).catch((e: unknown) => {
          if (isTerminalError(e) && e.kind === 'outcome-unknown') this.lost.push(body.client_order_id ?? '')
          throw e
        })
      },
    }
  }

  async newKeeper(): Promise<Keeper> {
    await this.keeper?.stop()
    const desk = createOrderDesk({ client: this.wire, accountId: () => null, lookupDelaysMs: [] })
    const entryDesk = this.riskGate ? createOrderDesk({ client: this.wire, accountId: () => null, lookupDelaysMs: [], riskGate: this.riskGate }) : desk
    const store = createPositionStore(this.dir, 'demo')
    this.keeper = createKeeper({
      client: this.wire,
      desk,
      entryDesk,
      store: {
        ...store,
        save: (ps, algos) => {
          const a = algos?.find((x) => x.id === this.watch)
          if (a) this.saved.push(structuredClone(a))
          return store.save(ps, algos)
        },
      },
      pollMs: 60_000,
      lookupDelaysMs: [0],
      lookupGraceMs: 0,
      now: () => this.clock ?? Date.now(),
    })
    await this.keeper.start()
    return this.keeper
  }

  async algo(): Promise<Algo> {
    return (await this.keeper!.algos()).find((a) => a.id === this.watch)!
  }

  async ledger(): Promise<AlgoLedger> {
    return algoLedgerOf(await this.client.recentOrders(undefined, { pair: RULES.name }), this.watch)
  }
}
