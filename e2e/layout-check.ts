// What a trader would see wrong in a strip of the window (a pair list's rows, the header, a toolbar):
// a text cut short, a part standing out of its row or bar, two parts over each other, or a control
// another element covers where it would be clicked. Runs in the page (Locator.evaluate), so it uses
// nothing from outside its own body.

/** The little of the DOM this uses (the e2e code is type-checked without the DOM's types). */
interface Rect {
  left: number
  right: number
  top: number
  bottom: number
  width: number
  height: number
}
export interface PageElement {
  getBoundingClientRect(): Rect
  querySelectorAll(selectors: string): Iterable<PageElement>
  contains(other: PageElement): boolean
  getAttribute(name: string): string | null
  readonly textContent: string | null
  readonly scrollWidth: number
  readonly clientWidth: number
  readonly tagName: string
  readonly className: unknown
}

export interface LayoutCheck {
  /** The rows or bars checked, under the evaluated element; ':scope' for that element itself. */
  items: string
  /** The parts of each that must read whole and stand apart (those with no size on screen are skipped). */
  parts: string
  /** Also check each part is what the pointer reaches at its centre (controls). */
  reachable?: boolean
}

/** The problems found, one line each ("<item's first text>: <what is wrong>"); none when it reads cleanly. */
export function layoutProblems(root: PageElement, check: LayoutCheck): string[] {
  const problems: string[] = []
  const items = check.items === ':scope' ? [root] : [...root.querySelectorAll(check.items)]
  const name = (el: PageElement) => JSON.stringify((el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40))
  for (const item of items) {
    const box = item.getBoundingClientRect()
    // On screen only: a text left to screen readers is a pixel square, out of sight.
    const parts = [...item.querySelectorAll(check.parts)].map((el) => ({ el, r: el.getBoundingClientRect() })).filter(({ r }) => r.width > 1 && r.height > 1)
    const label = parts[0] ? name(parts[0].el) : name(item)
    for (const { el, r } of parts) {
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) problems.push(`${label}: ${name(el)} out of its place`)
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`${label}: ${name(el)} cut (${el.scrollWidth} > ${el.clientWidth})`)
      if (check.reachable) {
        const page = globalThis as unknown as { document: { elementFromPoint(x: number, y: number): PageElement | null } }
        const hit = page.document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
        if (!hit || !(el.contains(hit) || hit.contains(el)))
          problems.push(`${label}: ${name(el)} covered by ${hit ? hit.tagName.toLowerCase() + (hit.className ? '.' + String(hit.className).split(' ')[0] : '') : 'nothing'}`)
      }
    }
    for (let i = 0; i < parts.length; i++)
      for (let j = i + 1; j < parts.length; j++) {
        const [a, b] = [parts[i]!, parts[j]!]
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue
        if (a.r.left < b.r.right - 1 && b.r.left < a.r.right - 1 && a.r.top < b.r.bottom - 1 && b.r.top < a.r.bottom - 1) problems.push(`${label}: ${name(a.el)} over ${name(b.el)}`)
      }
  }
  return problems
}
