// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { type Component, h } from 'vue'
import { flushPromises, mount } from '@vue/test-utils'
import { lazyPanel } from './lazy-panel'

const Panel: Component = { render: () => h('p', { 'data-testid': 'panel' }, 'the balances') }
// Inside a parent, as in the window: the tabs hold the lazy panel.
const inParent = (lazy: Component) => mount({ render: () => h('section', [h(lazy)]) })

describe('lazyPanel', () => {
  it('holds the panel’s place while it loads, then shows it', async () => {
    let resolve!: (c: Component) => void
    const Lazy = lazyPanel('The balances', () => new Promise((r) => (resolve = r)))
    const wrapper = inParent(Lazy)
    await flushPromises()
    expect(wrapper.find('[data-testid="lazy-loading"]').exists()).toBe(true)
    resolve(Panel)
    await flushPromises()
    expect(wrapper.find('[data-testid="panel"]').text()).toBe('the balances')
    expect(wrapper.find('[data-testid="lazy-loading"]').exists()).toBe(false)
  })

  it('says which panel failed to load and why, instead of a blank', async () => {
    const Lazy = lazyPanel('The fee rules', () => Promise.reject(new Error('Failed to fetch dynamically imported module')))
    const wrapper = inParent(Lazy)
    await flushPromises()
    await flushPromises()
    const failed = wrapper.find('[data-testid="lazy-failed"]')
    expect(failed.attributes('role')).toBe('alert')
    expect(failed.text()).toContain('The fee rules could not load (Failed to fetch dynamically imported module)')
    expect(failed.find('button').text()).toBe('Reload the window')
  })

  it('draws nothing for a dialog while it loads', async () => {
    const Lazy = lazyPanel('The alert dialog', () => new Promise(() => {}), { dialog: true })
    const wrapper = inParent(Lazy)
    await flushPromises()
    expect(wrapper.find('[data-testid="lazy-loading"]').exists()).toBe(false)
  })
})
