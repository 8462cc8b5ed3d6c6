// The journal store: the tab's filters as the core's query, a note saved into the entry shown, and
// nothing of one account kept after a switch.
import { beforeEach, describe, expect, it } from 'vitest'
import type { JournalAnswer } from '@domain/api/api'
import { TerminalError } from '@domain/errors'
import { journalStats } from '@domain/journal/stats'
import { journalEntry } from '@domain/test/journal-entry.test-util'
import { displayZone } from '@/lib/display-zone'
import { sessionState, type FakeTerminal } from '../test/fake-terminal.test-util'
import { freshSession } from '../test/session-harness.test-util'
import { useSessionStore } from '../session/session'
import { queryOf, useJournalStore } from './journal'

const trades = [journalEntry('10', '2', '0.1'), journalEntry('-5', '-1', '1')]
const answer: JournalAnswer = { trades, stats: journalStats(trades), open: 0, problems: [], accountId: 1, from: 0, to: 1 }

describe('journal store', () => {
  let terminal: FakeTerminal
  beforeEach(() => {
    terminal = freshSession()
    displayZone.value = 'utc'
  })

  it('asks for the filters’ trades; the weekday and hour in the window’s zone', async () => {
    terminal.handlers['journal.get'] = () => answer
    const j = useJournalStore()
    j.filters = { pair: 'BTC_USDT', tag: 'breakout', side: null, weekday: 1, hour: 9, range: [1000, 2000] }
    await j.load()
    expect(terminal.callsOf('journal.get')).toEqual([{ from: 1000, to: 2000, pair: 'BTC_USDT', tag: 'breakout', weekday: 1, hour: 9, utcOffsetMinutes: 0 }])
    expect(j.answer?.trades).toHaveLength(2)
    expect(queryOf({ pair: null, tag: null, side: 'BUY', weekday: null, hour: null, range: [1, 2] })).toEqual({ from: 1, to: 2, side: 'BUY' })
  })

  it('a saved note replaces the entry’s tags and note; a read that fails says so', async () => {
    terminal.handlers['journal.get'] = () => answer
    terminal.handlers['journal.note'] = ({ id, tags, note }) => ({ id, tags, note })
    const j = useJournalStore()
    await j.load()
    j.selectedId = trades[0]!.id
    await j.saveNote(trades[0]!.id, ['A+'], 'patient')
    expect(j.selected).toMatchObject({ tags: ['A+'], note: 'patient' })
    terminal.handlers['journal.get'] = () => {
      throw new TerminalError({ kind: 'network', code: 'DOWN', message: 'The exchange did not answer.' })
    }
    await j.load()
    expect(j.problem).toBe('The journal could not be read: The exchange did not answer.')
  })

  it('forgets the account’s journal on a switch, and drops an answer asked for before it', async () => {
    let release: (a: JournalAnswer) => void = () => {}
    terminal.handlers['journal.get'] = () => new Promise<JournalAnswer>((resolve) => (release = resolve))
    const j = useJournalStore()
    const pending = j.load()
    useSessionStore().applyState(sessionState({ switchGeneration: 2, accountId: 2 }))
    release(answer)
    await pending
    expect(j.answer).toBeNull()
    expect(j.loading).toBe(false)
  })
})
