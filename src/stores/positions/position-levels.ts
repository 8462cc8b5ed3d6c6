// Changing a live position's entry (pending LIMIT, nothing filled), stop or targets: one dialog, opened from the chart (a position's line
// dropped at a new price: that field comes filled with it) or from the position's card (the keyboard
// way). It says what will change and what the keeper does for it, and nothing is sent before the
// trader confirms; then positions.modify, whose refusal is shown where it belongs.
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { Position } from '@domain/protection/types'
import { useTerminal } from '@/api'
import { useMarketStore } from '../market/market'
import { usePositionsStore } from './positions'
import { useSessionStore } from '../session/session'
import { fieldsOf, readLevels, type LevelFields } from './position-levels-words'

export const usePositionLevelsStore = defineStore('position-levels', () => {
  const positions = usePositionsStore()
  const market = useMarketStore()
  const session = useSessionStore()
  const positionId = ref<string | null>(null)
  const fields = ref<LevelFields>({ stop: '', targets: {} })
  /** Where the dialog was opened from: the chart asks at once; the card lets the trader type first. */
  const from = ref<'chart' | 'card'>('card')
  const sending = ref(false)
  const failure = ref<string | null>(null)
  const done = ref<string | null>(null)

  /** The position as the keeper has it now (its levels may change while the dialog is open). */
  const position = computed<Position | null>(() => positions.positions.find((p) => p.id === positionId.value) ?? null)
  const last = computed(() => (position.value !== null && market.pair === position.value.pair ? market.lastPrice : null))
  const reading = computed(() => (position.value === null ? null : readLevels(position.value, fields.value, last.value)))
  const open = computed(() => positionId.value !== null)

  /** Opens the dialog for `p`; `moved` is a level dropped on the chart: `entry`, `stop`, or a target's index, at `price`. */
  function edit(p: Position, moved?: { level: 'entry' | 'stop' | number; price: string }): void {
    positionId.value = p.id
    const next = fieldsOf(p)
    if (moved?.level === 'entry') next.entry = moved.price
    else if (moved?.level === 'stop') next.stop = moved.price
    else if (moved !== undefined) next.targets = { ...next.targets, [moved.level]: moved.price }
    fields.value = next
    from.value = moved === undefined ? 'card' : 'chart'
    failure.value = null
    done.value = null
  }

  async function confirm(): Promise<void> {
    const p = position.value
    const change = reading.value?.change
    if (p === null || !change || sending.value) return
    const generation = session.switchGeneration
    sending.value = true
    failure.value = null
    try {
      const answer = await useTerminal().call('positions.modify', {
        id: p.id,
        ...(change.entry !== undefined ? { entryPrice: change.entry } : {}),
        ...(change.stop !== undefined ? { stopLoss: change.stop } : {}),
        ...(change.targets ? { takeProfits: change.targets } : {}),
      })
      if (generation !== session.switchGeneration) return
      done.value = answer.queued ? 'Asked: the process that keeps the positions makes the change.' : 'Changed.'
      positionId.value = null
    } catch (error) {
      failure.value = error instanceof Error ? error.message : String(error)
    } finally {
      sending.value = false
    }
  }

  function close(): void {
    if (!sending.value) positionId.value = null
  }

  return { positionId, position, fields, from, reading, last, open, sending, failure, done, edit, confirm, close }
})
