// @vitest-environment happy-dom
// v-text-data: the figures it writes, and the one text node it keeps for them.
import { describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick, ref, withDirectives } from 'vue'
import { mount } from '@vue/test-utils'
import { vTextData } from './text-data'

// A cell written by the directive, as the book and the trades list write their figures.
function cell(initial: unknown) {
  const value = ref<unknown>(initial)
  const wrapper = mount(defineComponent({ setup: () => () => withDirectives(h('span', { 'data-testid': 'cell' }), [[vTextData, value.value]]) }))
  return { value, wrapper, el: () => wrapper.get('[data-testid="cell"]').element }
}

describe('v-text-data', () => {
  it('shows the value, and each new value in its place', async () => {
    const { value, el } = cell('43,000.50')
    expect(el().textContent).toBe('43,000.50')
    value.value = '42,999.00'
    await nextTick()
    expect(el().textContent).toBe('42,999.00')
  })

  it('keeps the one text node through every change: the browser does not style a new one', async () => {
    const { value, el } = cell('0.1000')
    const node = el().firstChild
    for (const next of ['0.2000', '0.0001', '12.5000']) {
      value.value = next
      await nextTick()
    }
    expect(el().childNodes).toHaveLength(1)
    expect(el().firstChild).toBe(node)
    expect(el().textContent).toBe('12.5000')
  })

  it('writes nothing for null and undefined, and text again after them', async () => {
    const { value, el } = cell(null)
    expect(el().textContent).toBe('')
    value.value = undefined
    await nextTick()
    expect(el().textContent).toBe('')
    value.value = 7
    await nextTick()
    expect(el().textContent).toBe('7')
  })

  it('replaces whatever else the element held with its text', async () => {
    const { value, el } = cell('a')
    el().append(document.createElement('b'))
    value.value = 'b'
    await nextTick()
    expect(el().innerHTML).toBe('b')
  })
})
