// The journal.* handlers of the terminal: journal.get reads the selected account's journal
// (journal-reader.ts) with its profile's protected positions (their file, read as it is: no keeper
// is started for it) and its notes, and makes the pictures of its closed trades that have none
// (journal-pictures.ts); journal.note keeps the trader's tags and note on one trade; journal.picture
// reads one trade's saved picture. Notes and pictures are bound to the account
// (storage/journal-notes-store.ts, storage/journal-picture-store.ts): the exchange and the account id.
import type { MethodResults } from '../../domain/api/api'
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
