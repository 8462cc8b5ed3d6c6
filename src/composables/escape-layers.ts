// What Esc closes: every menu or panel that is open registers here while it is open, and Esc closes
// the one opened last (a menu over the help closes first). naive-ui's own dialogs close on Esc by
// themselves; these are the terminal's own popovers, which would otherwise need a listener each.
import { onBeforeUnmount, watch, type Ref } from 'vue'

const layers: (() => void)[] = []

/** Adds a closer; returns what removes it again. */
export function pushLayer(close: () => void): () => void {
  layers.push(close)
  return () => {
    const at = layers.lastIndexOf(close)
    if (at >= 0) layers.splice(at, 1)
  }
}

/** Closes the layer opened last; false when nothing was open. */
export function closeTopLayer(): boolean {
  const close = layers.pop()
  if (!close) return false
  close()
  return true
}

/** Registers `close` for as long as `open` is true (and the component lives). */
export function useEscapeLayer(open: Ref<boolean>, close: () => void): void {
  let remove: (() => void) | null = null
  watch(
    open,
    (isOpen) => {
      remove?.()
      remove = isOpen ? pushLayer(close) : null
    },
    { immediate: true },
  )
  onBeforeUnmount(() => remove?.())
}
