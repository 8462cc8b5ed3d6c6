// In-app notifications: the core's `notice` events (order placed, filled, cancelled, warnings) and
// anything a store wants to tell the user (an order result, a failed cancel).
//
// The store only keeps the list; NoticeHost.vue, inside naive-ui's notification provider, shows each
// new entry with the current theme. Keeping display out of the store keeps it testable in Node.
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { Disposer, Notice } from '@domain/api/api'
import { useTerminal } from '@/api'
import { useAnnouncerStore } from './announcer'

export interface NoticeEntry extends Notice {
  id: number
  at: number
}

/** The history is for the user's eyes only; a bounded list keeps memory flat over a long day. */
const HISTORY = 50

export const useNoticeStore = defineStore('notices', () => {
  const items = ref<NoticeEntry[]>([])
  let nextId = 1

  const announcer = useAnnouncerStore()
  function push(notice: Notice): NoticeEntry {
    const entry: NoticeEntry = { ...notice, id: nextId++, at: Date.now() }
    // A fill or a cancel is said once (the form already says an order was placed, or refused).
    if (notice.kind === 'order-filled' || notice.kind === 'order-cancelled') announcer.announce(`${notice.kind}:${notice.body}`, `${notice.title}: ${notice.body}`)
    items.value = [entry, ...items.value].slice(0, HISTORY)
    return entry
  }

  /** Shorthands for stores and components. */
  const warn = (title: string, body = '') => push({ kind: 'warning', title, body })
  const info = (title: string, body = '') => push({ kind: 'info', title, body })

  let disposer: Disposer | null = null
  function listen(): void {
    disposer ??= useTerminal().on('notice', (notice) => void push(notice))
  }
  function dispose(): void {
    disposer?.()
    disposer = null
  }

  return { items, push, warn, info, listen, dispose }
})
