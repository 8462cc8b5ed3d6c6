// What naive-ui's markup lacks for assistive technology, added where its components render (axe-core
// finds each in the e2e suite, accessibility.web.spec.ts):
//   - its data tables scroll inside containers that take no focus, so a keyboard user cannot scroll a
//     long table (scrollable-region-focusable; a virtual list's too, .v-vl): each gets tabindex="0", so Tab reaches it and the
//     arrow keys scroll it;
//   - its tabs' row holds the tabs (role="tab", given where the tabs are made) but is no tablist: it
//     becomes one, and the wrappers between it and each tab no roles of their own;
//   - its card header (every dialog's title) is role="heading" twice over with no level
//     (aria-required-attr): the inner one gets aria-level 2, the outer one is no heading.
// Dialogs teleport to <body>, so the whole document is watched, once, from the window's layout.
const SCROLLERS = '.n-scrollbar-container, .n-data-table-base-table-header, .v-vl'
const HEADINGS = '.n-card-header[role="heading"]'
const TAB_ROWS = '.n-tabs-wrapper'
const TAB_PARTS = '.n-tabs-tab-wrapper, .n-tabs-tab-pad, .n-tabs-bar'

function patch(el: Element): void {
  if (el.matches(SCROLLERS) && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0')
  if (el.matches(TAB_ROWS)) el.setAttribute('role', 'tablist')
  if (el.matches(TAB_PARTS)) el.setAttribute('role', 'none')
  if (el.matches(HEADINGS)) {
    el.setAttribute('role', 'none')
    el.querySelector('.n-card-header__main[role="heading"]')?.setAttribute('aria-level', '2')
  }
}

/** Patches what is under `root` now and as it is added; returns the function that stops watching. */
export function patchNaiveAccessibility(root: HTMLElement): () => void {
  const all = (el: Element | HTMLElement): void => {
    patch(el)
    el.querySelectorAll(`${SCROLLERS}, ${HEADINGS}, ${TAB_ROWS}, ${TAB_PARTS}`).forEach(patch)
  }
  all(root)
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) all(node)
  })
  observer.observe(root, { childList: true, subtree: true })
  return () => observer.disconnect()
}
