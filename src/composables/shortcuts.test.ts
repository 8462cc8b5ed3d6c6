// @vitest-environment happy-dom
// The one-key shortcuts: which key does what, never while typing in a field (Esc excepted), and one
// press one action however long the key is held.
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, ref } from 'vue'
import { mount, type VueWrapper } from '@vue/test-utils'
import { CANDLE_INTERVALS } from '@domain/wire/constants'
import { shortcutFor, useShortcuts, type ShortcutAction } from './shortcuts'
import { closeTopLayer, pushLayer, useEscapeLayer } from './escape-layers'

// One test component: it runs whichever composable the test gives it.
const Harness = defineComponent({
  props: { use: { type: Function, required: true } },
  setup: (props) => (props.use(), () => h('div')),
})

const key = (k: string, init: Partial<KeyboardEventInit> = {}, target: EventTarget | null = document.body) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...init, target })

describe('shortcutFor', () => {
  it('maps B and S to the sides, 1–7 to the intervals in the picker order, ? to the help and Esc', () => {
    expect(shortcutFor(key('b'))).toEqual({ kind: 'side', side: 'BUY' })
    expect(shortcutFor(key('S'))).toEqual({ kind: 'side', side: 'SELL' })
    expect(['1', '2', '3', '4', '5', '6', '7'].map((d) => (shortcutFor(key(d)) as { interval: string }).interval)).toEqual([...CANDLE_INTERVALS])
    expect(shortcutFor(key('8'))).toBeNull()
    expect(shortcutFor(key('?'))).toEqual({ kind: 'help' })
    expect(shortcutFor(key('Escape'))).toEqual({ kind: 'escape' })
  })

  it('leaves keys typed into a field, and Ctrl/Cmd/Alt combinations, alone; Esc works in a field too', () => {
    for (const tag of ['input', 'textarea', 'select']) {
      const field = document.createElement(tag)
      expect(shortcutFor(key('b', {}, field))).toBeNull()
      expect(shortcutFor(key('2', {}, field))).toBeNull()
      expect(shortcutFor(key('Escape', {}, field))).toEqual({ kind: 'escape' })
    }
    expect(shortcutFor(key('s', { ctrlKey: true }))).toBeNull()
    expect(shortcutFor(key('1', { altKey: true }))).toBeNull()
    expect(shortcutFor(key('b', { metaKey: true }))).toBeNull()
  })
})

describe('useShortcuts', () => {
  let wrapper: VueWrapper | null = null
  afterEach(() => wrapper?.unmount())

  function host(): ShortcutAction[] {
    const seen: ShortcutAction[] = []
    wrapper = mount(Harness, { props: { use: () => useShortcuts((a) => (seen.push(a), true)) }, attachTo: document.body })
    return seen
  }
  const press = (k: string, init: KeyboardEventInit = {}, target: EventTarget = window) => {
    const event = new KeyboardEvent('keydown', { key: k, code: k, bubbles: true, cancelable: true, ...init })
    target.dispatchEvent(event)
    return event
  }
  const release = (k: string) => window.dispatchEvent(new KeyboardEvent('keyup', { key: k, code: k }))

  it("acts once per press: a held key's auto-repeat does nothing", () => {
    const seen = host()
    const first = press('2')
    press('2', { repeat: true })
    press('2', { repeat: true })
    release('2')
    press('s')
    expect(seen).toEqual([
      { kind: 'interval', interval: '5' },
      { kind: 'side', side: 'SELL' },
    ])
    expect(first.defaultPrevented).toBe(true)
  })

  it('does nothing for a key typed into an input', () => {
    const seen = host()
    const input = document.createElement('input')
    document.body.appendChild(input)
    press('b', {}, input)
    expect(seen).toEqual([])
    input.remove()
  })
})

describe('Esc closes what is open, the last opened first', () => {
  it('closes layers in reverse order and says when there was nothing to close', () => {
    const closed: string[] = []
    pushLayer(() => closed.push('menu'))
    pushLayer(() => closed.push('help'))
    expect(closeTopLayer()).toBe(true)
    expect(closeTopLayer()).toBe(true)
    expect(closeTopLayer()).toBe(false)
    expect(closed).toEqual(['help', 'menu'])
  })

  it('registers a panel only while it is open', async () => {
    const open = ref(false)
    const w = mount(Harness, { props: { use: () => useEscapeLayer(open, () => (open.value = false)) } })
    expect(closeTopLayer()).toBe(false)
    open.value = true
    await w.vm.$nextTick()
    expect(closeTopLayer()).toBe(true)
    expect(open.value).toBe(false)
    w.unmount()
  })
})
