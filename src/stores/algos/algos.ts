// The Algos tab's state: the active profile's execution algorithms (docs/algos.md), read once the
// window starts (so quitting knows what only the running terminal carries on) and kept current by the
// keeper's algos.changed event; a start (the tab's form), pause, resume and cancel (kept-list.ts: what the positions store
// shares with it).
import { defineStore } from 'pinia'
import { computed } from 'vue'
import type { Algo } from '@domain/algos/types'
import type { AlgoAnswer, MethodInput } from '@domain/api/api'
import { runningAlgosInWords } from '@domain/algos/progress'
import { useTerminal } from '@/api'
import { useKeptList } from '../kept-list'

export type AlgoAction = 'pause' | 'resume' | 'cancel'

const going = (a: Algo) => a.state === 'running' || a.state === 'paused'

export const useAlgosStore = defineStore('algos', () => {
  const list = useKeptList<Algo, AlgoAction>({
    read: () => useTerminal().call('algos.list', undefined),
    follow: (apply) => useTerminal().on('algos.changed', (event) => apply(event.profileId, event.algos)),
    request: async (action, id) => {
      const answer = await useTerminal().call(`algos.${action}`, { id })
      return { queued: answer.queued, item: answer.algo }
    },
    words: { noun: 'Algorithm', key: 'algo', done: { pause: 'paused', resume: 'running again', cancel: 'cancelled' }, queued: 'the request waits for the process that keeps it' },
  })
  /** The ones still going first, newest first. */
  const sorted = computed(() => [...list.items.value].sort((a, b) => Number(going(b)) - Number(going(a)) || b.startAt - a.startAt))
  const goingCount = computed(() => list.items.value.filter(going).length)
  /** The running ones in words: quitting asks first while there is one (it stops them sending). */
  const watched = computed(() => runningAlgosInWords(list.items.value))
  /** Starts one (the Algos tab's form, once confirmed): kept as the keeper answered it, before its event comes. */
  async function startAlgo(input: MethodInput<'algos.start'>): Promise<AlgoAnswer> {
    const generation = list.generation()
    const answer = await useTerminal().call('algos.start', input)
    list.keep(answer.algo, generation)
    return answer
  }
  const { items: algos, loaded, error, actionErrors, busy, start, load, act } = list
  return { algos, sorted, goingCount, watched, loaded, error, actionErrors, busy, start, load, act, startAlgo }
})
