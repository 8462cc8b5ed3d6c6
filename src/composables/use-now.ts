// A clock for countdowns ("retrying in 4 s"). One shared timer for the whole window, running only
// while some component shows a countdown; it ticks the display, it never calls the exchange.
import { onBeforeUnmount, ref, type Ref } from 'vue'

const now = ref(Date.now())
let users = 0
let timer: ReturnType<typeof setInterval> | null = null

export function useNow(): Ref<number> {
  users++
  if (!timer) timer = setInterval(() => (now.value = Date.now()), 1000)
  onBeforeUnmount(() => {
    users--
    if (users === 0 && timer) {
      clearInterval(timer)
      timer = null
    }
  })
  return now
}
