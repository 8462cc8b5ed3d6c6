// The journal's pictures on disk: bound to the account, written once and never replaced, bounded,
// and a trade id that is not one refused before any path is made of it.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createJournalPictureStore, JOURNAL_PICTURES_DIR, MAX_PICTURE_BYTES } from './journal-picture-store'

const ID = 'BTC_USDT|SPOT|1767607200000'
let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journal-pictures-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('journal picture store', () => {
  it('saves a picture once and never replaces it', async () => {
    const store = createJournalPictureStore(dir)
    expect(await store.read('demo', 7, ID)).toBeNull()
    expect(await store.save('demo', 7, ID, '<svg>first</svg>')).toBe('saved')
    expect(await store.save('demo', 7, ID, '<svg>second</svg>')).toBe('kept')
    const got = await store.read('demo', 7, ID)
    expect(got?.svg).toBe('<svg>first</svg>')
    expect(got?.savedAt).toBeGreaterThan(0)
    expect([...(await store.saved('demo', 7))]).toEqual([ID])
    // no temporary file left behind
    const folder = join(dir, JOURNAL_PICTURES_DIR, encodeURIComponent('demo #7'))
    expect(await readdir(folder)).toEqual([`${encodeURIComponent(ID)}.svg`])
  })

  it('keeps each account’s pictures apart, an origin made a safe folder name', async () => {
    const store = createJournalPictureStore(dir)
    await store.save('https://exchange.example', 7, ID, '<svg>real</svg>')
    expect(await store.read('demo', 7, ID)).toBeNull()
    expect(await store.read('https://exchange.example', 8, ID)).toBeNull()
    expect((await store.read('https://exchange.example', 7, ID))?.svg).toBe('<svg>real</svg>')
    expect(await readdir(join(dir, JOURNAL_PICTURES_DIR))).toEqual([encodeURIComponent('https://exchange.example #7')])
  })

  it('refuses an id that is not a trade’s, before any path is made of it', async () => {
    const store = createJournalPictureStore(dir)
    for (const bad of ['../../etc/passwd', 'BTC_USDT|SPOT|1/../x', 'btc_usdt|SPOT|1', '', 'BTC_USDT|SPOT|1\n']) {
      await expect(store.save('demo', 7, bad, '<svg/>')).rejects.toMatchObject({ code: 'BAD_TRADE_ID' })
      await expect(store.read('demo', 7, bad)).rejects.toMatchObject({ code: 'BAD_TRADE_ID' })
    }
  })

  it('does not make the data directory again when it is gone', async () => {
    const store = createJournalPictureStore(join(dir, 'gone'))
    await expect(store.save('demo', 7, ID, '<svg/>')).rejects.toMatchObject({ code: 'WRITE_FAILED' })
    expect(await readdir(dir)).toEqual([])
  })

  it('is bounded: a picture too large is neither saved nor read, and only SVG is kept', async () => {
    const store = createJournalPictureStore(dir)
    const big = `<svg>${'x'.repeat(MAX_PICTURE_BYTES)}</svg>`
    await expect(store.save('demo', 7, ID, big)).rejects.toMatchObject({ code: 'PICTURE_TOO_LARGE' })
    await expect(store.save('demo', 7, ID, '<html></html>')).rejects.toMatchObject({ code: 'BAD_PICTURE' })
    expect(await store.read('demo', 7, ID)).toBeNull()
    const folder = join(dir, JOURNAL_PICTURES_DIR, encodeURIComponent('demo #7'))
    await mkdir(folder, { recursive: true })
    await writeFile(join(folder, `${encodeURIComponent(ID)}.svg`), big)
    await expect(store.read('demo', 7, ID)).rejects.toMatchObject({ code: 'BAD_PICTURE' })
  })
})
