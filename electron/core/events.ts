// A typed event hub for the TerminalApi events. Listeners that throw are isolated: one broken
// window never stops the others from hearing about an order fill.
import type { Disposer, EventListener, EventName, EventPayloads } from '../domain/api/api'

export interface EventHub {
  on<E extends EventName>(event: E, listener: EventListener<E>): Disposer
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void
  listenerCount(): number
  clear(): void
}

export function createEventHub(onListenerError?: (error: unknown) => void): EventHub {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>()
  return {
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      const entry = listener as (payload: unknown) => void
      set.add(entry)
      return () => {
        set.delete(entry)
      }
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) {
        try {
          listener(payload)
        } catch (error) {
          onListenerError?.(error)
        }
      }
    },
    listenerCount() {
      let count = 0
      for (const set of listeners.values()) count += set.size
      return count
    },
    clear() {
      listeners.clear()
    },
  }
}
