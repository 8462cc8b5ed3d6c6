// Whether an element is on screen: laid out and intersecting the viewport (a tab hidden by v-show is
// not), in a window the user can see (document.visibilityState). `onChange` is called with each
// change, and with false when the component goes; for work that should run only while seen (a poll).
import { onBeforeUnmount, onMounted, type Ref } from 'vue'

export function useShown(el: Ref<HTMLElement | null>, onChange: (shown: boolean) => void): void {
  let intersecting = false
  let last = false
  let observer: IntersectionObserver | null = null
  const report = () => {
    const now = intersecting && document.visibilityState !== 'hidden'
    if (now !== last) onChange((last = now))
  }
  onMounted(() => {
    if (!el.value) return
    if (typeof IntersectionObserver !== 'function') {
      intersecting = true // no observer (tests): taken as shown while mounted
      report()
      return
    }
    observer = new IntersectionObserver((entries) => {
      intersecting = entries.some((e) => e.isIntersecting)
      report()
    })
    observer.observe(el.value)
    document.addEventListener('visibilitychange', report)
  })
  onBeforeUnmount(() => {
    observer?.disconnect()
    document.removeEventListener('visibilitychange', report)
    intersecting = false
    report()
  })
}
