// Which trades get a picture as the journal is read, and what an entry says when it has none: a
// failed render is no error, an incomplete trade or one without candles has none, and at most a few
// are made a read.
import { describe, expect, it } from 'vitest'
import { journalEntry } from '../../domain/test/journal-entry.test-util'
import type { JournalPictureStore } from '../storage/journal-picture-store'
import { createTradePictures } from './journal-pictures'

function memoryStore(): JournalPictureStore & { files: Map<string, string> } {
  const files = new Map<string, string>()
  return {
    files,
    saved: async () => new Set(files.keys()),
    read: async (_e, _a, id) => (files.has(id) ? { svg: files.get(id)!, savedAt: 1 } : null),
    save: async (_e, _a, id, svg) => (files.has(id) ? 'kept' : (files.set(id, svg), 'saved')),
  }
}
const candles = { candles: [{ time: 1, close: 1, low: 1, high: 1 }], label: '1-minute candles' }

describe('createTradePictures', () => {
  it('a render that fails is said on the entry, not thrown; the next read tries again', async () => {
    const store = memoryStore()
    const trade = journalEntry('1', null, null)
    let fail = true
    const render = async () => {
      if (fail) throw new Error('no fonts')
      return '<svg/>'
    }
    const pictures = createTradePictures({ store, exchange: 'demo', accountId: 1, render })
    const first = await pictures.ensure([trade], () => candles)
    expect(first.get(trade.id)).toEqual({ picture: 'none', pictureNote: expect.stringMatching(/^the picture could not be made \(.*no fonts\); a later read tries again$/) })
    fail = false
    expect((await pictures.ensure([trade], () => candles)).get(trade.id)).toEqual({ picture: 'saved', pictureNote: null })
  })

  it('an incomplete trade, one whose candles were not read, and those past the most a read makes have none, and say why', async () => {
    const store = memoryStore()
    let renders = 0
    const render = async () => (renders++, '<svg/>')
    const [incomplete, noCandles, a, b] = [journalEntry('1', null, null, { incomplete: 'a gap' }), journalEntry('1', null, null), journalEntry('1', null, null), journalEntry('1', null, null)]
    const got = await createTradePictures({ store, exchange: 'demo', accountId: 1, render, max: 1 }).ensure([incomplete, noCandles, a, b], (id) =>
      id === noCandles.id ? { problem: 'the candles could not be read (down)' } : candles,
    )
    expect(got.get(incomplete.id)?.pictureNote).toBe('an incomplete trade has no picture')
    expect(got.get(noCandles.id)?.pictureNote).toBe('its candles were not read (the candles could not be read (down)); a later read makes it')
    expect(got.get(a.id)).toEqual({ picture: 'saved', pictureNote: null })
    expect(got.get(b.id)?.pictureNote).toMatch(/^not made yet: at most 1 pictures are made a read/)
    expect(renders).toBe(1)
  })
})
