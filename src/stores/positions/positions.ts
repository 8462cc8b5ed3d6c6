// The Positions tab's state: the active profile's protected positions (docs/positions.md), read once
// the window starts (so quitting knows what only the terminal keeps) and kept current by the keeper's
// positions.changed event. An answer or event of another profile, or asked for before a switch, is
// dropped; a switch clears the list at once and reads the new profile's.
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import type { Disposer, MethodInput, PositionAnswer } from '@domain/api/api'
import { terminalKeptLegs } from '@domain/protection/describe'
import type { Position } from '@domain/protection/types'
import { useTerminal } from '@/api'
import { useSessionStore } from '../session/session'
import { useAnnouncerStore } from '../announcer'

export type PositionAction = 'close' | 'cancel' | 'acknowledge'

/** The protect form filled from elsewhere (the chart's position tool, "Trade this"): nothing is sent until confirmed there. */
export interface ProtectPrefill {
  side: 'BUY' | 'SELL'
  price: string
  stop: string
  target: string
  amount?: string
}

const message = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure))
const DONE: Record<PositionAction, string> = { close: 'closing', cancel: 'cancelled', acknowledge: 'carrying on' }

export const usePositionsStore = defineStore('positions', () => {
  const session = useSessionStore()
  const announcer = useAnnouncerStore()
  const positions = ref<Position[]>([])
  const loaded = ref(false)
  const loading = ref(false)
  const error = ref<string | null>(null)
  /** Why the last close, cancel or acknowledge failed, by position id. */
  const actionErrors = ref<Record<string, string>>({})
  /** Positions with a request out. */
  const busy = ref(new Set<string>())
  let asked = 0
  let disposer: Disposer | null = null

  const profileId = () => session.profile?.id ?? null
  /** Newest first: the open ones before the ended ones. */
  const sorted = computed(() => {
    const live = (p: Position) => (p.state === 'open' || p.state === 'pending' ? 0 : 1)
    return [...positions.value].sort((a, b) => live(a) - live(b) || b.id.localeCompare(a.id))
  })
  /** Every leg only the running terminal keeps: quitting asks first while there is one. */
  const watched = computed(() => terminalKeptLegs(positions.value))

  function start(): void {
    disposer ??= useTerminal().on('positions.changed', (event) => {
      if (event.profileId !== profileId()) return
      positions.value = event.positions
      loaded.value = true
    })
    void load()
  }

  async function load(): Promise<void> {
    if (profileId() === null) return
    const ticket = ++asked
    const generation = session.switchGeneration
    loading.value = true
    try {
      const next = await useTerminal().call('positions.list', undefined)
      if (ticket !== asked || generation !== session.switchGeneration) return
      positions.value = next
      loaded.value = true
      error.value = null
    } catch (failure) {
      if (ticket === asked) error.value = message(failure)
    } finally {
      if (ticket === asked) loading.value = false
    }
  }

  /**
   * Shows a position the keeper answered with before its event comes. Every state the keeper answers
   * was saved, and so evented, first; but the answer and the event travel apart, and the event may
   * already have brought a newer state (the entry filled meanwhile): a known position is the events'.
   */
  function keep(answer: PositionAnswer, generation: number): void {
    const p = answer.position
    if (p === null || generation !== session.switchGeneration || positions.value.some((x) => x.id === p.id)) return
    positions.value = [...positions.value, p]
  }

  async function act(action: PositionAction, id: string): Promise<void> {
    const generation = session.switchGeneration
    busy.value = new Set([...busy.value, id])
    const { [id]: _, ...rest } = actionErrors.value
    actionErrors.value = rest
    try {
      const answer = await useTerminal().call(`positions.${action}`, { id })
      keep(answer, generation)
      announcer.announce(`position-${action}-${id}`, answer.queued ? `Position ${id}: the request waits for the process that keeps the positions` : `Position ${id}: ${DONE[action]}`)
    } catch (failure) {
      if (generation !== session.switchGeneration) return
      actionErrors.value = { ...actionErrors.value, [id]: message(failure) }
      announcer.announce(`position-${action}-${id}-failed`, `Position ${id}: ${message(failure)}`)
    } finally {
      busy.value = new Set([...busy.value].filter((x) => x !== id))
    }
  }

  /** Opens a protected position; a refusal is thrown as the core's error (its field says where). */
  async function protect(input: MethodInput<'positions.protect'>): Promise<PositionAnswer> {
    const generation = session.switchGeneration
    const answer = await useTerminal().call('positions.protect', input)
    keep(answer, generation)
    return answer
  }

  watch(
    () => session.switchGeneration,
    () => {
      positions.value = []
      loaded.value = false
      actionErrors.value = {}
      if (disposer !== null) void load()
    },
  )

  /** The protect form opened by the shell (AlertHost.vue) with these fields, e.g. from a drawing. */
  const protectPrefill = ref<ProtectPrefill | null>(null)
  const protectOpen = ref(false)
  function openProtect(prefill: ProtectPrefill): void {
    protectPrefill.value = prefill
    protectOpen.value = true
  }

  return { positions, sorted, watched, loaded, loading, error, actionErrors, busy, start, load, act, protect, protectPrefill, protectOpen, openProtect }
})
