// The Journal tab's state: the selected account's closed trades explained in R and the statistics
// over them (journal.get), read when the tab first opens and on Show, with the tab's filters; the
// trade whose card is open; the trader's tags and note on a trade (journal.note), saved by the
// core beside the account; and a trade's picture as the core saved it when it closed (journal.picture). An answer asked for before a switch is dropped, and a switch forgets it
// all: one account's journal is never shown under another's name.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { Candle, JournalAnswer, JournalEntry, JournalPicture, JournalQuery } from '@domain/api/api'
import { toTerminalError } from '@domain/errors'
import { useTerminal } from '@/api'
import { displayZone } from '@/lib/display-zone'
import { useSessionStore } from '../session/session'

const DAY = 86_400_000

export interface JournalFilters {
  pair: string | null
  tag: string | null
  side: 'BUY' | 'SELL' | null
  weekday: number | null
  hour: number | null
  /** [from, to) in ms since the epoch: trades closed in it. */
  range: [number, number]
}

/** The offset east of UTC the weekday and hour filters read the opening time in: the window's display zone. */
export const zoneOffsetMinutes = (at: number): number => (displayZone.value === 'utc' ? 0 : -new Date(at).getTimezoneOffset())

export function queryOf(f: JournalFilters): JournalQuery {
  const [from, to] = f.range
  return {
    from,
    to,
    ...(f.pair ? { pair: f.pair } : {}),
    ...(f.tag ? { tag: f.tag } : {}),
    ...(f.side ? { side: f.side } : {}),
    ...(f.weekday !== null ? { weekday: f.weekday } : {}),
    ...(f.hour !== null ? { hour: f.hour } : {}),
    ...(f.weekday !== null || f.hour !== null ? { utcOffsetMinutes: zoneOffsetMinutes(to) } : {}),
  }
}

export const useJournalStore = defineStore('journal', () => {
  const session = useSessionStore()
  const now = Date.now()
  const filters = ref<JournalFilters>({ pair: null, tag: null, side: null, weekday: null, hour: null, range: [now - 30 * DAY, now + DAY] })
  const answer = shallowRef<JournalAnswer | null>(null)
  const problem = ref<string | null>(null)
  const loading = ref(false)
  const selectedId = ref<string | null>(null)
  const saving = ref(false)
  let asked = 0

  const selected = computed<JournalEntry | null>(() => answer.value?.trades.find((t) => t.id === selectedId.value) ?? null)

  async function load(): Promise<void> {
    const ticket = ++asked
    const generation = session.switchGeneration
    loading.value = true
    problem.value = null
    try {
      const next = await useTerminal().call('journal.get', queryOf(filters.value))
      if (ticket !== asked || generation !== session.switchGeneration) return
      answer.value = next
      if (selectedId.value !== null && !next.trades.some((t) => t.id === selectedId.value)) selectedId.value = null
    } catch (error) {
      if (ticket === asked && generation === session.switchGeneration) problem.value = `The journal could not be read: ${toTerminalError(error).message}`
    } finally {
      if (ticket === asked) loading.value = false
    }
  }

  /** Saves a trade's tags and note; the entry shown takes the core's answer. Throws what the core refused. */
  async function saveNote(id: string, tags: string[], note: string): Promise<void> {
    const generation = session.switchGeneration
    saving.value = true
    try {
      const saved = await useTerminal().call('journal.note', { id, tags, note })
      const current = answer.value
      if (generation !== session.switchGeneration || current === null) return
      answer.value = { ...current, trades: current.trades.map((t) => (t.id === saved.id ? { ...t, tags: saved.tags, note: saved.note } : t)) }
    } finally {
      saving.value = false
    }
  }

  /** The candles around a trade for its card's chart: 1-minute ones, 10 minutes either side (hourly for a trade of more than 8 hours). */
  async function tradeCandles(trade: JournalEntry): Promise<Candle[]> {
    const pad = 10 * 60_000
    const interval = trade.durationMs > 8 * 3_600_000 ? '60' : '1'
    return useTerminal().call('market.candles', { pair: trade.pair, interval, since: Math.floor((trade.openedAt - pad) / 1000), until: Math.ceil((trade.closedAt + pad) / 1000), limit: 500 })
  }

  /** The picture of a trade's chart the core saved as it closed, or null when it has none. */
  async function tradePicture(trade: JournalEntry): Promise<JournalPicture | null> {
    return trade.picture === 'saved' ? useTerminal().call('journal.picture', { id: trade.id }) : null
  }

  function reset(): void {
    asked += 1
    answer.value = null
    problem.value = null
    loading.value = false
    selectedId.value = null
  }
  watch(() => session.switchGeneration, reset, { flush: 'sync' })

  return { filters, answer, problem, loading, selectedId, selected, saving, load, saveNote, tradeCandles, tradePicture, reset }
})
