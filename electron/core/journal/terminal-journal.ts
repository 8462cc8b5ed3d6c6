// The journal.* handlers of the terminal: journal.get reads the selected account's journal
// (journal-reader.ts) with its profile's protected positions (their file, read as it is: no keeper
// is started for it) and its notes, and makes the pictures of its closed trades that have none
// (journal-pictures.ts); journal.note keeps the trader's tags and note on one trade; journal.picture
// reads one trade's saved picture; closedPictures makes a trade's picture right after the keeper
// closes its protected position, with no window open and before any journal is read. Notes and pictures are bound to the account
// (storage/journal-notes-store.ts, storage/journal-picture-store.ts): the exchange and the account id.
import type { MethodResults, Position } from '../../domain/api/api'
import { TerminalError } from '../../domain/errors'
import type { HandlersOf } from '../handlers'
import { exchangeKeyOf } from '../profiles/exchange-key'
import type { Session } from '../session/session-api'
import type { JournalNotesStore } from '../storage/journal-notes-store'
import type { JournalPictureStore } from '../storage/journal-picture-store'
import { createTradePictures, type TradePicturesDeps } from './journal-pictures'
import { createPositionStore } from '../positions/position-store'
import { readJournal } from './journal-reader'

export interface JournalDeps {
  session: Session
  notes: JournalNotesStore
  pictures: JournalPictureStore
  /** How a picture is rendered (tests count the renders); default trade-picture.ts. */
  render?: TradePicturesDeps['render']
  dataDir: string
  now: () => number
}

function switchedAway(): TerminalError {
  return new TerminalError({ kind: 'network', code: 'ABORTED', message: 'The journal belongs to an account that is no longer selected; it was dropped.' })
}

export function createJournalHandlers(deps: JournalDeps): HandlersOf<'journal.get' | 'journal.note' | 'journal.picture'> {
  const { session } = deps

  /** The selected account, readable with the active key: its own history only, as the Fills tab. */
  function own() {
    const { client, active, accountId } = session
    if (!client || !active) throw new TerminalError({ kind: 'not-found', code: 'NO_PROFILE', message: 'No exchange profile is active. Add or activate one.' })
    if (accountId === null || accountId !== active.accountId) {
      throw new TerminalError({ kind: 'validation', code: 'VIEW_ONLY_ACCOUNT', message: 'The journal of the selected account needs its own API key. Add a profile for it.' })
    }
    return { client, active, accountId, exchange: exchangeKeyOf(active), switchGeneration: session.switchGeneration, signal: session.signal }
  }

  return {
    async 'journal.get'(query): Promise<MethodResults['journal.get']> {
      const { client, active, accountId, exchange, switchGeneration, signal } = own()
      const store = createPositionStore(deps.dataDir, active.id)
      return readJournal(
        {
          client,
          accountId,
          positions: () => store.load(),
          notes: () => deps.notes.read(exchange, accountId),
          now: deps.now(),
          pictures: createTradePictures({ store: deps.pictures, exchange, accountId, ...(deps.render ? { render: deps.render } : {}) }),
          signal,
          stillCurrent: () => {
            if (switchGeneration !== session.switchGeneration) throw switchedAway()
          },
        },
        query ?? {},
      )
    },
    async 'journal.note'({ id, tags, note }) {
      const { accountId, exchange } = own()
      return { id, ...(await deps.notes.write(exchange, accountId, id, { tags, note })) }
    },
    async 'journal.picture'({ id }) {
      const { accountId, exchange } = own()
      return deps.pictures.read(exchange, accountId, id)
    },
  }
}

/** How long after a position closes its trade's picture is made: the exchange's history has its last fill by then. */
export const PICTURE_AFTER_CLOSE_MS = 3000
/** The closing fills are looked for within this of the moment the position was seen closed. */
const CLOSE_WINDOW_MS = 10 * 60_000

/**
 * The pictures of the trades the keeper closes: `positions.changed` hands it each profile's positions;
 * a position seen open and then closed (not one already closed when first seen) has its pair's
 * trades closed around now read, a little later, as journal.get reads them, which makes their
 * pictures. Only for the selected account when it is the profile's own (whose positions they are);
 * whatever fails is left to the next journal.get, which makes any picture still missing.
 */
export function createClosedPictures(deps: JournalDeps & { setTimer?: (fn: () => void, ms: number) => unknown; clearTimer?: (t: unknown) => void }) {
  const get = createJournalHandlers(deps)['journal.get']
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
  const clearTimer = deps.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>))
  const seen = new Map<string, Map<string, Position['state']>>()
  const timers = new Set<unknown>()
  let stopped = false
  return {
    positionsChanged(profileId: string, positions: readonly Position[]): void {
      const first = !seen.has(profileId)
      const before = seen.get(profileId) ?? new Map<string, Position['state']>()
      seen.set(profileId, new Map(positions.map((p) => [p.id, p.state])))
      if (first || stopped) return
      const closedNow = new Set(positions.filter((p) => p.state === 'closed' && before.has(p.id) && before.get(p.id) !== 'closed').map((p) => p.pair))
      for (const pair of closedNow) {
        const at = deps.now()
        const timer = setTimer(() => {
          timers.delete(timer)
          if (stopped || deps.session.active?.id !== profileId) return
          get({ pair, from: at - CLOSE_WINDOW_MS, to: at + CLOSE_WINDOW_MS }).catch(() => undefined)
        }, PICTURE_AFTER_CLOSE_MS)
        timers.add(timer)
      }
    },
    stop(): void {
      stopped = true
      for (const t of timers) clearTimer(t)
      timers.clear()
    },
  }
}
