// Driving the window from the keyboard alone, as a trader without a mouse does: what has focus, is
// its place visible, and Tab until a wanted control. No mouse event is sent by anything here.
import { expect, type Page } from '@playwright/test'

export interface Focused {
  tag: string
  testid: string
  name: string
  /** Why the focus is visible ("outline 2px", "box-shadow on .n-input"), or '' when it is not. */
  ring: string
  x: number
  y: number
}

// One string for page.evaluate (the e2e build has no DOM types). The ring is the element's own
// outline or box-shadow, or that of the frame naive-ui and the order form draw around an input (the
// input itself has none: its frame, or naive-ui's state-border layer in it, shows the focus).
const READ_FOCUS = `(() => {
  const el = document.activeElement
  if (!el || el === document.body) return null
  const ringOf = (node) => {
    const cs = getComputedStyle(node)
    if (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) return 'outline ' + cs.outlineWidth
    if (cs.boxShadow && cs.boxShadow !== 'none') return 'box-shadow'
    return ''
  }
  let ring = ringOf(el)
  const frame = el.closest('.n-input, .n-input-number, .n-base-selection, .input')
  // naive-ui draws its frame's focus on a state-border layer inside it
  const layer = frame && frame.querySelector(':scope > .n-input__state-border, :scope > .n-base-selection__state-border, .n-input-wrapper + .n-input__state-border')
  for (const node of [frame, layer]) if (!ring && node && ringOf(node)) ring = ringOf(node) + ' on .' + node.classList[0]
  const r = el.getBoundingClientRect()
  return {
    tag: el.tagName,
    testid: el.getAttribute('data-testid') ?? el.closest('[data-testid]')?.getAttribute('data-testid') ?? '',
    name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40),
    ring,
    x: Math.round(r.x),
    y: Math.round(r.y),
  }
})()`

export async function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(READ_FOCUS) as Promise<Focused | null>
}

/** The focused element, which must exist and show a focus ring. */
export async function expectFocusVisible(page: Page, step: string): Promise<Focused> {
  // the ring follows focus within a frame: read again until it is drawn
  await expect
    .poll(async () => (await focused(page))?.ring ?? 'nothing focused', { message: `${step}: the focused element shows where the keyboard is`, timeout: 2_000 })
    .not.toMatch(/^$|nothing focused/)
  return (await focused(page))!
}

/**
 * Presses Tab (Shift+Tab with `back`) until `wanted` holds for the focused element, checking at
 * every stop that the focus is visible; returns the stops passed on the way (the last is the wanted one).
 */
export async function tabTo(page: Page, wanted: (f: Focused) => boolean, what: string, options: { back?: boolean; max?: number } = {}): Promise<Focused[]> {
  const stops: Focused[] = []
  for (let i = 0; i < (options.max ?? 80); i++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab')
    const f = await focused(page)
    if (!f) continue // the page itself, between the last control and the first
    await expectFocusVisible(page, `Tab towards ${what}, at ${f.testid || f.name}`)
    stops.push(f)
    if (wanted(f)) return stops
  }
  throw new Error(`Tab never reached ${what}; passed ${stops.map((s) => s.testid || s.name).join(', ')}`)
}

export const byTestId =
  (id: string | RegExp) =>
  (f: Focused): boolean =>
    typeof id === 'string' ? f.testid === id : id.test(f.testid)
