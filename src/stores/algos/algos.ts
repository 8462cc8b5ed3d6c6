// The Algos tab's state: the active profile's execution algorithms (docs/algos.md), read when the tab
// first shows and kept current by the keeper's algos.changed event; pause, resume and cancel. An
// answer or event of another profile, or asked for before a switch, is dropped; a switch clears the
// list at once and reads the new profile's.
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import type { AlgoAnswer, Disposer } from '@domain/api/api'
import type { Algo } from '@domain/algos/types'
import { useTerminal } from '@/api'
import { useSessionStore } from '../session/session'
import { useAnnouncerStore } from '../announcer'

export type AlgoAction = 'pause' | 'resume' | 'cancel'

const message = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure))
const DONE: Record<AlgoAction, string> = { pause: 'paused', resume: 'running again', cancel: 'cancelled' }
const going = (a: Algo) => a.state === 'running' || a.state === 'paused'

export const useAlgosStore = defineStore('algos', () => {
  const session = useSessionStore()
  const announcer = useAnnouncerStore()
  const algos = ref<Algo[]>([])
  const loaded = ref(false)
  const error = ref<string | null>(null)
  /** Why the last pause, resume or cancel failed, by algorithm id. */
  const actionErrors = ref<Record<string, string>>({})
  const busy = ref(new Set<string>())
  let asked = 0
  let disposer: Disposer | null = null

  const profileId = () => session.profile?.id ?? null
  /** The ones still going first, newest first. */
  const sorted = computed(() => [...algos.value].sort((a, b) => Number(going(b)) - Number(going(a)) || b.startAt - a.startAt))
  const goingCount = computed(() => algos.value.filter(going).length)

  function start(): void {
    disposer ??= useTerminal().on('algos.changed', (event) => {
      if (event.profileId !== profileId()) return
      algos.value = event.algos
      loaded.value = true
    })
    void load()
  }

  async function load(): Promise<void> {
    if (profileId() === null) return
    const ticket = ++asked
    const generation = session.switchGeneration
    try {
      const next = await useTerminal().call('algos.list', undefined)
      if (ticket !== asked || generation !== session.switchGeneration) return
      algos.value = next
      loaded.value = true
      error.value = null
    } catch (failure) {
      if (ticket === asked) error.value = message(failure)
    }
  }

  /** Shows an algorithm the keeper answered with before its event comes; a known one is the events'. */
  function keep(answer: AlgoAnswer, generation: number): void {
    const a = answer.algo
    if (a === null || generation !== session.switchGeneration || algos.value.some((x) => x.id === a.id)) return
    algos.value = [...algos.value, a]
  }

  async function act(action: AlgoAction, id: string): Promise<void> {
    const generation = session.switchGeneration
    busy.value = new Set([...busy.value, id])
    const { [id]: _, ...rest } = actionErrors.value
    actionErrors.value = rest
    try {
      const answer = await useTerminal().call(`algos.${action}`, { id })
      keep(answer, generation)
      announcer.announce(`algo-${action}-${id}`, answer.queued ? `Algorithm ${id}: the request waits for the process that keeps it` : `Algorithm ${id}: ${DONE[action]}`)
    } catch (failure) {
      if (generation !== session.switchGeneration) return
      actionErrors.value = { ...actionErrors.value, [id]: message(failure) }
      announcer.announce(`algo-${action}-${id}-failed`, `Algorithm ${id}: ${message(failure)}`)
    } finally {
      busy.value = new Set([...busy.value].filter((x) => x !== id))
    }
  }

  watch(
    () => session.switchGeneration,
    () => {
      algos.value = []
      loaded.value = false
      actionErrors.value = {}
      if (disposer !== null) void load()
    },
  )

  return { algos, sorted, goingCount, loaded, error, actionErrors, busy, start, load, act }
})
