// The protected positions of one profile on disk: <dataDir>/positions/<profileId>.json, validated on
// read (a damaged file is moved aside and reported, never silently dropped) and written atomically,
// so a crash between two steps leaves the last whole state. The keeper saves after every step of the
// reducer, before it sends the next order: what is on disk always names every order it may have sent.
//
// Requests from processes that do not hold the keeper's lock (the CLI's `protect` while a keeper
// runs, a second window) are dropped as one file each in <profileId>.inbox/ and taken by the keeper.
import { randomUUID } from 'node:crypto'
import { mkdir, readdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { TerminalError } from '../../domain/errors'
import { FALLBACK_ORDERS, STOP_FALLBACKS, type Position, type PositionPlan } from '../../domain/protection/types'
import type { LevelsChange } from '../../domain/protection/levels'
import type { Algo, AlgoPlan } from '../../domain/algos/types'
import { readJsonFile, writeJsonAtomic } from '../storage/atomic-file'
import { algoPlanSchema, algoSchema } from './algo-schema'

const dec = z.string().regex(/^-?\d+(\.\d+)?$/)
const side = z.enum(['BUY', 'SELL'])
const legSchema = z.object({
  role: z.enum(['entry', 'stop', 'target', 'close']),
  clientOrderId: z.string(),
  orderId: z.string().nullable(),
  side,
  type: z.enum(['MARKET', 'LIMIT', 'STOP_LIMIT']),
  amount: dec,
  filled: dec,
  limitPrice: dec.nullable(),
  stopPrice: dec.nullable(),
  status: z.enum(['placing', 'resting', 'cancelling', 'unknown', 'done', 'refused', 'lost']),
  lost: z.enum(['place', 'cancel']).nullable(),
  target: z.number().int().nullable(),
  refusedWhy: z.string().optional(),
  moving: z.boolean().optional(),
  fallback: z.enum(FALLBACK_ORDERS).optional(),
})
const closedBy = z.enum(['target', 'stop', 'manual'])
export const positionSchema = z.object({
  id: z.string(),
  pair: z.string(),
  side,
  state: z.enum(['pending', 'open', 'closed', 'cancelled']),
  protection: z.enum(['exchange', 'terminal', 'none']),
  closedBy: closedBy.nullable(),
  amountPrecision: z.number().int(),
  pricePrecision: z.number().int(),
  entryPrice: dec,
  filled: dec,
  exited: dec,
  entryFeeRate: dec.optional(),
  stop: z.object({ price: dec, limitOffset: dec }).nullable(),
  slippage: dec,
  trailing: z.object({ distance: dec, step: dec }).nullable(),
  breakevenAt: dec.nullable(),
  targets: z.array(z.object({ price: dec, share: dec, state: z.enum(['waiting', 'reached', 'done']) })),
  legs: z.array(legSchema),
  legCount: z.number().int().min(0),
  closing: z.object({ reason: closedBy, price: dec, fallback: z.enum(FALLBACK_ORDERS).optional() }).nullable(),
  lastExit: closedBy.nullable(),
  attention: z.object({ reason: z.enum(['target-crossed-unwatched', 'stop-crossed-unwatched', 'stop-gapped']), price: dec }).nullable(),
  stopFallback: z.enum(STOP_FALLBACKS).optional(),
  gap: z
    .object({ stopPrice: dec, limitPrice: dec, price: dec, fallback: z.enum(STOP_FALLBACKS), chases: z.number().int().min(0), sentAt: dec.nullable(), halted: z.string().max(500).optional() })
    .nullable()
    .optional(),
  history: z.array(z.object({ at: z.number(), text: z.string().max(500), notify: z.boolean().optional() })).optional(),
  planned: z.object({ stop: dec, entryFeeRate: dec.nullable(), exitFeeRate: dec.nullable() }).optional(),
}) satisfies z.ZodType<Position>

// the execution algorithms sit beside the positions (absent in older files: none)
const fileSchema = z.object({ version: z.literal(1), positions: z.array(positionSchema), algos: z.array(algoSchema).optional() })

/** What a process without the lock asks the keeper to do: a position's, or an execution algorithm's. */
export type KeeperRequest =
  | { type: 'open'; plan: PositionPlan }
  | { type: 'close'; id: string }
  | { type: 'cancel'; id: string }
  | { type: 'modify'; id: string; change: LevelsChange }
  | { type: 'algo-start'; plan: AlgoPlan }
  | { type: AlgoCommand; id: string }
export type AlgoCommand = 'algo-pause' | 'algo-resume' | 'algo-cancel'
const requestSchema = z.union([
  z.object({ type: z.literal('algo-start'), plan: algoPlanSchema }),
  z.object({ type: z.enum(['algo-pause', 'algo-resume', 'algo-cancel']), id: z.string() }),
  z.object({ type: z.literal('open'), plan: z.custom<PositionPlan>((v) => typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string') }),
  z.object({ type: z.enum(['close', 'cancel']), id: z.string() }),
  z.object({
    type: z.literal('modify'),
    id: z.string(),
    change: z.object({ stop: dec.optional(), targets: z.array(z.object({ index: z.number().int().min(0), price: dec })).optional() }),
  }),
])

export interface PositionStore {
  /** The state file; its lock is `<path>.lock`. */
  readonly path: string
  /** The positions and algorithms on disk; `warning` says when the file was damaged and set aside. */
  load(): Promise<{ positions: Position[]; algos: Algo[]; warning: string | null }>
  /** Writes the whole state: the keeper passes its algorithms with its positions (none given: none kept). */
  save(positions: readonly Position[], algos?: readonly Algo[]): Promise<void>
  /** Leaves a request for the keeper (a process that does not hold the lock). */
  request(request: KeeperRequest): Promise<void>
  /** Takes the waiting requests, oldest first; damaged ones are set aside and named in `warnings`. */
  takeRequests(): Promise<{ requests: KeeperRequest[]; warnings: string[] }>
}

const PROFILE_ID = /^[A-Za-z0-9._-]{1,80}$/

export function createPositionStore(dataDir: string, profileId: string): PositionStore {
  if (!PROFILE_ID.test(profileId) || profileId.startsWith('.')) {
    throw new TerminalError({ kind: 'validation', code: 'INVALID_PROFILE_ID', message: 'A profile id for the positions file is letters, digits, dots, dashes or underscores.' })
  }
  const dir = join(dataDir, 'positions')
  const path = join(dir, `${profileId}.json`)
  const inbox = join(dir, `${profileId}.inbox`)
  let writing: Promise<void> = Promise.resolve()

  return {
    path,
    async load() {
      const read = await readJsonFile(path, fileSchema, { maxVersion: 1 })
      if (read.status === 'ok') return { positions: read.value.positions, algos: read.value.algos ?? [], warning: null }
      if (read.status === 'missing') return { positions: [], algos: [], warning: null }
      const where = read.backupPath !== null ? `set aside as ${read.backupPath}` : `left at ${path}`
      return { positions: [], algos: [], warning: `The positions file was damaged (${read.reason}) and was ${where}; its positions are not kept until it is repaired.` }
    },
    save(positions, algos = []) {
      const snapshot = { version: 1, positions: structuredClone(positions), ...(algos.length > 0 ? { algos: structuredClone(algos) } : {}) }
      // in order: a slow write never lands after a later one
      writing = writing
        .catch(() => undefined)
        .then(async () => {
          await mkdir(dir, { recursive: true, mode: 0o700 })
          await writeJsonAtomic(path, snapshot)
        })
      return writing
    },
    async request(request) {
      await mkdir(inbox, { recursive: true, mode: 0o700 })
      await writeJsonAtomic(join(inbox, `${Date.now().toString().padStart(15, '0')}-${randomUUID()}.json`), request)
    },
    async takeRequests() {
      let names: string[]
      try {
        names = (await readdir(inbox)).filter((n) => n.endsWith('.json')).sort()
      } catch {
        return { requests: [], warnings: [] }
      }
      const requests: KeeperRequest[] = []
      const warnings: string[] = []
      for (const name of names) {
        const file = join(inbox, name)
        const read = await readJsonFile(file, requestSchema)
        if (read.status === 'ok') {
          requests.push(read.value as KeeperRequest)
          await unlink(file).catch(() => undefined)
        } else if (read.status === 'corrupt') warnings.push(`A request to the keeper was damaged (${read.reason}) and set aside.`)
      }
      return { requests, warnings }
    },
  }
}
