// What a screen reader hears of what happened: an order placed, refused (with the reason), cancelled
// or filled, an outcome not known, an alert fired. Each is said once, however many parts of the window
// learn of it (the form's answer, the core's notice, a second frame): `announce` takes a key and
// drops a key it has said. Announcer.vue reads the messages out through one polite live region.
import { defineStore } from 'pinia'
import { ref } from 'vue'

export interface Announcement {
  id: number
  text: string
}

/** The live region keeps the last few: a screen reader reads additions, and old ones only cost DOM. */
const SHOWN = 5
/** Keys remembered against repeats; bounded over a long day. */
const REMEMBERED = 500

export const useAnnouncerStore = defineStore('announcer', () => {
  const messages = ref<Announcement[]>([])
  const said = new Set<string>()
  let nextId = 1

  function announce(key: string, text: string): void {
    if (said.has(key)) return
    if (said.size >= REMEMBERED) said.delete(said.values().next().value as string)
    said.add(key)
    messages.value = [...messages.value, { id: nextId++, text }].slice(-SHOWN)
  }

  return { messages, announce }
})
