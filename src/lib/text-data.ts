// v-text-data: an element's whole text, written into the one text node it keeps.
//
// Vue writes `<span>{{ price }}</span>` as `textContent`, and Chromium then throws the text node away
// and makes a new one on every change: the new node is styled and laid out from scratch. Under a burst
// the book's levels, the trades list and the chart's readout change their figures every frame, and
// those new nodes were a large part of each frame's style and layout. Changing the node's data keeps
// it: only its text is shaped again.
import type { Directive } from 'vue'

function write(el: HTMLElement, value: unknown): void {
  const text = value === null || value === undefined ? '' : String(value)
  const node = el.firstChild
  if (node !== null && node === el.lastChild && node.nodeType === 3) {
    const textNode = node as Text
    if (textNode.data !== text) textNode.data = text
  } else {
    el.textContent = text
  }
}

export const vTextData: Directive<HTMLElement, unknown> = {
  mounted: (el, binding) => write(el, binding.value),
  updated: (el, binding) => {
    if (binding.value !== binding.oldValue) write(el, binding.value)
  },
}
