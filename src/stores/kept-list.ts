// What the positions and the algorithms stores share: a list the active profile's keeper keeps (read
// once, then kept current by the keeper's event), and a trader's request on one item. An answer or
// event of another profile, or asked for before a switch, is dropped; a switch clears the list at
// once and reads the new profile's. An item the keeper answered with is shown before its event comes,
// but one already known is the events' (the answer and the event travel apart). For the same reason a
// read during which an event came is dropped: it may have been read before that event's change (a
// keeper still starting reads its file) and arrive after it. The events alone are then right: each
// is the whole list, they come in order, and every change the read may have seen sends its own.
import { ref, watch, type Ref } from 'vue'
import type { Disposer } from '@domain/api/api'
import { useSessionStore } from './session/session'
import { useAnnouncerStore } from './announcer'

const message = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure))

export interface KeptListOptions<T extends { id: string }, A extends string> {
  /** Reads the active profile's items. */
  read: () => Promise<T[]>
  /** Follows the keeper's event: every item of a profile as saved. */
  follow: (apply: (profileId: string, items: T[]) => void) => Disposer
  /** Asks the core to act on one item: the item as the keeper left it, or null when queued for a keeper elsewhere. */
  request: (action: A, id: string) => Promise<{ queued: boolean; item: T | null }>
  /** How the announcer names an item (`Position`) and keys its lines (`position`), and what each action did. */
  words: { noun: string; key: string; done: Record<A, string>; queued: string }
}

export function useKeptList<T extends { id: string }, A extends string>(options: KeptListOptions<T, A>) {
  const session = useSessionStore()
  const announcer = useAnnouncerStore()
  const items = ref<T[]>([]) as Ref<T[]>
  const loaded = ref(false)
  const loading = ref(false)
  const error = ref<string | null>(null)
  /** Why the last action failed, by item id. */
  const actionErrors = ref<Record<string, string>>({})
  /** Items with a request out. */
  const busy = ref(new Set<string>())
  let asked = 0
  /** The active profile's events so far: a read that spans one is dropped. */
  let events = 0
  let disposer: Disposer | null = null
  const profileId = () => session.profile?.id ?? null

  function start(): void {
    disposer ??= options.follow((profile, next) => {
      if (profile !== profileId()) return
      events += 1
      items.value = next
      loaded.value = true
    })
    void load()
  }

  async function load(): Promise<void> {
    if (profileId() === null) return
    const ticket = ++asked
    const generation = session.switchGeneration
    const before = events
    loading.value = true
    try {
      const next = await options.read()
      if (ticket !== asked || generation !== session.switchGeneration) return
      if (events === before) items.value = next
      loaded.value = true
      error.value = null
    } catch (failure) {
      if (ticket === asked) error.value = message(failure)
    } finally {
      if (ticket === asked) loading.value = false
    }
  }

  function keep(item: T | null, generation: number): void {
    if (item === null || generation !== session.switchGeneration || items.value.some((x) => x.id === item.id)) return
    items.value = [...items.value, item]
  }

  async function act(action: A, id: string): Promise<void> {
    const { noun, key, done, queued } = options.words
    const generation = session.switchGeneration
    busy.value = new Set([...busy.value, id])
    const { [id]: _, ...rest } = actionErrors.value
    actionErrors.value = rest
    try {
      const answer = await options.request(action, id)
      keep(answer.item, generation)
      announcer.announce(`${key}-${action}-${id}`, `${noun} ${id}: ${answer.queued ? queued : done[action]}`)
    } catch (failure) {
      if (generation !== session.switchGeneration) return
      actionErrors.value = { ...actionErrors.value, [id]: message(failure) }
      announcer.announce(`${key}-${action}-${id}-failed`, `${noun} ${id}: ${message(failure)}`)
    } finally {
      busy.value = new Set([...busy.value].filter((x) => x !== id))
    }
  }

  watch(
    () => session.switchGeneration,
    () => {
      items.value = []
      loaded.value = false
      actionErrors.value = {}
      if (disposer !== null) void load()
    },
  )

  return { items, loaded, loading, error, actionErrors, busy, start, load, keep, act, generation: () => session.switchGeneration }
}
