// v-text-data: an element's whole text, written into the one text node it keeps.
//
// Vue writes `<span>{{ price }}</span>` as `textContent`, and Chromium then throws the text node away
// and makes a new one on every change, which has to be styled. Under a burst the book's levels, the
// trades list and the chart's readout change their figures every frame; with their nodes kept, a
// frame's style recalculations halved (docs/performance.md). Changing the node's data keeps it: only
// its text is shaped and laid out again.
import type { Directive } from 'vue'

function write(el: HTMLElement, value: unknown): void {
  const text = value === null || value === undefined ? '' : String(value)
  const node = el.firstChild
  if (node !== null && node === el.lastChild && node.nodeType === Node.TEXT_NODE) {
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
