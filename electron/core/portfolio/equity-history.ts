// equity.get's series: each account's recorded equity, and before its first record the points rebuilt
// from its wallet activity (equity-rebuilder.ts), kept in the same file marked `rebuilt`. A rebuild is
// tried once per account and process: once it is done (or the exchange lacks the endpoint) its words
// are kept; after a network failure it is tried again at the next read ten minutes later. An account
// no profile holds the key for cannot have its activity read, and says so.
import type { AccountRef, EquitySeries } from '../../domain/portfolio/all-accounts'
import type { EquityStore, SeriesKey } from './equity-store'
import { rebuildFromActivity, type RebuildClient } from './equity-rebuilder'

export const RETRY_REBUILD_MS = 10 * 60_000

export interface EquityHistoryDeps {
  store: Pick<EquityStore, 'read' | 'prepend'>
  now: () => number
  rebuild?: typeof rebuildFromActivity
}

const NO_KEY = 'No profile holds this account’s own key, so its wallet activity cannot be read: the history is as recorded.'

export function createEquityHistory(deps: EquityHistoryDeps) {
  const rebuild = deps.rebuild ?? rebuildFromActivity
  const done = new Map<string, { note: string | null; retryAt: number | null }>()
  const running = new Map<string, Promise<void>>()
  const id = (k: SeriesKey) => `${k.exchange}|${k.accountId}|${k.quote}`

  async function tryRebuild(key: SeriesKey, client: RebuildClient): Promise<void> {
    const { points } = await deps.store.read(key)
    if (points.some((p) => p.rebuilt)) {
      done.set(id(key), { note: 'Before the first record: rebuilt from wallet activity.', retryAt: null })
      return
    }
    const now = deps.now()
    const out = await rebuild(client, key.accountId, key.quote, points[0]?.t ?? now, now)
    if (out.points.length > 0) await deps.store.prepend(key, out.points)
    // Nothing recorded and nothing rebuilt yet: the activity may still give points later (before the first record).
    const again = out.retry || (points.length === 0 && out.points.length === 0)
    done.set(id(key), { note: out.note, retryAt: again ? now + RETRY_REBUILD_MS : null })
  }

  /** Each account's series; `clientOf` gives the client holding the account's own key, or null. */
  async function read(accounts: readonly AccountRef[], quote: string, clientOf: (a: AccountRef) => RebuildClient | null): Promise<EquitySeries[]> {
    return Promise.all(
      accounts.map(async (a): Promise<EquitySeries> => {
        const key = { exchange: a.exchange, accountId: a.id, quote }
        const client = clientOf(a)
        const known = done.get(id(key))
        if (client && (!known || (known.retryAt !== null && known.retryAt <= deps.now()))) {
          let run = running.get(id(key))
          if (!run) {
            run = tryRebuild(key, client)
              .catch(() => void done.set(id(key), { note: 'The history file could not be read for a rebuild: the history is as recorded.', retryAt: deps.now() + RETRY_REBUILD_MS }))
              .finally(() => running.delete(id(key)))
            running.set(id(key), run)
          }
          await run
        }
        const { points, warning } = await deps.store.read(key)
        const rebuilt = client ? (done.get(id(key))?.note ?? null) : NO_KEY
        return { accountId: a.id, name: a.name, exchange: a.exchange, quote, points, warning, rebuilt }
      }),
    )
  }

  return { read }
}

export type EquityHistory = ReturnType<typeof createEquityHistory>
