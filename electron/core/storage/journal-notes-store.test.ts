// The journal's notes: kept per exchange and account, across a restart (a new store on the same
// directory), a damaged file set aside and reported.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { JOURNAL_NOTES_FILE, createJournalNotesStore } from './journal-notes-store'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journal-notes-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the journal notes store', () => {
  it('keeps tags and notes per account, after a restart; another account or exchange sees none of them', async () => {
    const store = createJournalNotesStore(dir)
    await store.write('demo', 7, 'BTC_USDT|SPOT|1000', { tags: ['breakout', 'breakout', 'A+'], note: 'waited, for the retest' })
    await store.write('demo', 7, 'BTC_USDT|SPOT|2000', { tags: [], note: 'chased' })
    const again = createJournalNotesStore(dir)
    expect(await again.read('demo', 7)).toEqual({
      notes: { 'BTC_USDT|SPOT|1000': { tags: ['breakout', 'A+'], note: 'waited, for the retest' }, 'BTC_USDT|SPOT|2000': { tags: [], note: 'chased' } },
      warning: null,
    })
    expect((await again.read('demo', 8)).notes).toEqual({})
    expect((await again.read('https://exchange.example', 7)).notes).toEqual({})
  })

  it('two quick writes both land; an empty note removes the entry', async () => {
    const store = createJournalNotesStore(dir)
    await Promise.all([store.write('demo', 1, 'a', { tags: ['x'], note: '' }), store.write('demo', 1, 'b', { tags: ['y'], note: '' })])
    expect(Object.keys((await store.read('demo', 1)).notes).sort()).toEqual(['a', 'b'])
    await store.write('demo', 1, 'a', { tags: [], note: '  ' })
    expect(Object.keys((await store.read('demo', 1)).notes)).toEqual(['b'])
  })

  it('a damaged file is set aside and reported, and the notes start afresh', async () => {
    await writeFile(join(dir, JOURNAL_NOTES_FILE), '{ not json')
    const store = createJournalNotesStore(dir)
    const read = await store.read('demo', 1)
    expect(read.notes).toEqual({})
    expect(read.warning).toMatch(/damaged \(it is not valid JSON\) and was set aside as .*journal-notes\.json\.corrupt-/)
    expect((await readdir(dir)).some((f) => f.startsWith(`${JOURNAL_NOTES_FILE}.corrupt-`))).toBe(true)
  })
})
