// The Positions tab's state: the active profile's protected positions (docs/positions.md), read once
// the window starts (so quitting knows what only the terminal keeps) and kept current by the keeper's
// positions.changed event; close, cancel and acknowledge. An answer or event of another profile, or
// asked for before a switch, is dropped; a switch clears the list at once and reads the new profile's
// (kept-list.ts: what the algorithms store shares with it).
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { MethodInput, PositionAnswer } from '@domain/api/api'
import { terminalKeptLegs } from '@domain/protection/describe'
import type { Position } from '@domain/protection/types'
import { useTerminal } from '@/api'
import { useKeptList } from '../kept-list'

export type PositionAction = 'close' | 'cancel' | 'acknowledge'

/** The protect form filled from elsewhere (the chart's position tool, "Trade this"): nothing is sent until confirmed there. */
export interface ProtectPrefill {
  side: 'BUY' | 'SELL'
  price: string
  stop: string
  target: string
  amount?: string
}

export const usePositionsStore = defineStore('positions', () => {
  const list = useKeptList<Position, PositionAction>({
    read: () => useTerminal().call('positions.list', undefined),
    follow: (apply) => useTerminal().on('positions.changed', (event) => apply(event.profileId, event.positions)),
    request: async (action, id) => {
      const answer = await useTerminal().call(`positions.${action}`, { id })
      return { queued: answer.queued, item: answer.position }
    },
    words: { noun: 'Position', key: 'position', done: { close: 'closing', cancel: 'cancelled', acknowledge: 'carrying on' }, queued: 'the request waits for the process that keeps the positions' },
  })
  const positions = list.items
  /** Newest first: the open ones before the ended ones. */
  const sorted = computed(() => {
    const live = (p: Position) => (p.state === 'open' || p.state === 'pending' ? 0 : 1)
    return [...positions.value].sort((a, b) => live(a) - live(b) || b.id.localeCompare(a.id))
  })
  /** Every leg only the running terminal keeps: quitting asks first while there is one. */
  const watched = computed(() => terminalKeptLegs(positions.value))

  /** Opens a protected position; a refusal is thrown as the core's error (its field says where). */
  async function protect(input: MethodInput<'positions.protect'>): Promise<PositionAnswer> {
    const generation = list.generation()
    const answer = await useTerminal().call('positions.protect', input)
    list.keep(answer.position, generation)
    return answer
  }

  /** The protect form opened by the shell (AlertHost.vue) with these fields, e.g. from a drawing. */
  const protectPrefill = ref<ProtectPrefill | null>(null)
  const protectOpen = ref(false)
  function openProtect(prefill: ProtectPrefill): void {
    protectPrefill.value = prefill
    protectOpen.value = true
  }

  const { loaded, loading, error, actionErrors, busy, start, load, act } = list
  return { positions, sorted, watched, loaded, loading, error, actionErrors, busy, start, load, act, protect, protectPrefill, protectOpen, openProtect }
})
