// @vitest-environment happy-dom
// A trade's card shows the picture the core saved as the trade closed, as an <img> of its SVG (a
// data: URL, never markup in the page) with the chart's words as its alt text, and reads no candles;
// a trade without a saved picture, or whose picture cannot be read, has its chart drawn from candles.
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { shallowRef } from 'vue'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { TerminalError } from '@domain/errors'
import { journalEntry } from '@domain/test/journal-entry.test-util'
import { setTerminal } from '@/api'
import { fakeTerminal, type FakeTerminal } from '@/stores/test/fake-terminal.test-util'
import TradeCard from './TradeCard.vue'

// no canvas here: the chart drawn from candles is ECharts' business, not this test's
vi.mock('@/composables/echarts', () => ({ useEcharts: () => shallowRef(null) }))

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160"><text>Entry 100 — Exit 105</text></svg>'
const SAVED_AT = Date.UTC(2026, 0, 5, 10, 31)
let wrapper: VueWrapper | null = null
let terminal: FakeTerminal

beforeEach(() => {
  setActivePinia(createPinia())
  terminal = fakeTerminal({ 'journal.picture': () => ({ svg: SVG, savedAt: SAVED_AT }), 'market.candles': () => [] })
  setTerminal(terminal)
})
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
})

const savedTrade = journalEntry('5', '1', '0', { entry: '100', exit: '105', stop: '90', picture: 'saved' })
async function card(trade = savedTrade): Promise<VueWrapper> {
  wrapper = mount(TradeCard, { props: { trade } })
  await flushPromises()
  return wrapper
}

const decoded = (src: string) => new TextDecoder().decode(Uint8Array.from(atob(src.replace('data:image/svg+xml;base64,', '')), (c) => c.charCodeAt(0)))

it('prefers the saved picture: an <img> of its SVG with the chart’s words, when it was saved, and no candles read', async () => {
  const w = await card()
  const img = w.get('[data-testid="journal-card-picture"]')
  expect(img.element.tagName).toBe('IMG')
  const src = img.attributes('src')!
  expect(src.startsWith('data:image/svg+xml;base64,')).toBe(true)
  expect(decoded(src)).toBe(SVG)
  expect(img.attributes('alt')).toBe('BTC/USDT: its candles around the trade; bought at 100 on average, out at 105, the planned stop at 90; lowest —, highest — while open.')
  expect(w.get('[data-testid="journal-card-chart-caption"]').text()).toMatch(/^Picture saved .+, as the trade closed$/)
  expect(w.html()).not.toContain('<text>')
  expect(terminal.callsOf('journal.picture')).toEqual([{ id: savedTrade.id }])
  expect(terminal.callsOf('market.candles')).toEqual([])
})

it('a trade without a saved picture is drawn from candles, and nothing is asked for its picture', async () => {
  const w = await card(journalEntry('5', '1', '0', { picture: 'none', pictureNote: 'not made yet' }))
  expect(w.find('[data-testid="journal-card-picture"]').exists()).toBe(false)
  expect(terminal.callsOf('journal.picture')).toEqual([])
  expect(terminal.callsOf('market.candles')).toHaveLength(1)
  expect(w.get('[data-testid="journal-card-chart-caption"]').text()).toBe('Entry, exit and the planned stop, on the candles around the trade')
})

it('a saved picture that cannot be read leaves the chart to the candles', async () => {
  terminal.handlers['journal.picture'] = () => {
    throw new TerminalError({ kind: 'storage', code: 'BAD_PICTURE', message: 'not an SVG' })
  }
  const w = await card()
  expect(w.find('[data-testid="journal-card-picture"]').exists()).toBe(false)
  expect(terminal.callsOf('market.candles')).toHaveLength(1)
})
